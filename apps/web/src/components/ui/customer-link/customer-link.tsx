import { Anchor } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { customerPath } from '@/config/paths';

/**
 * Whether the signed-in user may open a customer's page (admins and RMs, docs/permissions.md
 * "customerPage"). Head, compliance and view read the same lists, where a link would only lead
 * to a refusal, so their customer ids stay plain text. The signed-in area provides it.
 */
const CustomerLinksContext = createContext(true);

export function CustomerLinksProvider({
  enabled,
  children,
}: {
  enabled: boolean;
  children: ReactNode;
}) {
  return <CustomerLinksContext value={enabled}>{children}</CustomerLinksContext>;
}

/** Whether customer ids link to their pages for the signed-in user. */
export function useCustomerLinksEnabled(): boolean {
  return useContext(CustomerLinksContext);
}

/** A customer id on any list: a link to the customer's page, or the id alone for other roles. */
export function CustomerLink({ customerId }: { customerId: string }) {
  const enabled = useCustomerLinksEnabled();
  if (!enabled) return <>{customerId}</>;
  return (
    <Anchor component={Link} to={customerPath(customerId)} fw="inherit" inherit>
      {customerId}
    </Anchor>
  );
}
