import type { ManagedCustomer } from '@behavio/contract';
import { Button, Group, Table } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSetRm } from '../api/assignment';
import { MANAGE_CUSTOMERS_ERRORS, actionFailed } from '../api/messages';
import { toast } from '@/lib/notify';
import { RmNativeSelect } from './rm-select';

/**
 * The RM select and the Assign (no RM yet) or Reassign (has an RM) button of one customer:
 * two cells of a table row, or one line of a card on a phone.
 * The button stays disabled until an RM is chosen (product-rules: Validation rules); the current RM is not offered.
 */
export function AssignControls({
  customer,
  rmName,
  layout,
}: {
  customer: ManagedCustomer;
  /** The name of an RM id, for the success message. */
  rmName: (rmId: string) => string | undefined;
  layout: 'cells' | 'line';
}) {
  const [rmId, setRmId] = useState<string | null>(null);
  const mutation = useSetRm();
  const mode = customer.rm_id ? 'reassign' : 'assign';
  const excludeIds = useMemo(
    () => (customer.rm_id ? [customer.rm_id] : undefined),
    [customer.rm_id],
  );
  const label = mode === 'assign' ? 'Assign' : 'Reassign';

  const submit = () => {
    if (!rmId) return;
    mutation.mutate(
      { customerId: customer.customer_id, rmId, mode },
      {
        onSuccess: (answer) => {
          setRmId(null);
          const name = rmName(answer.rm_id);
          toast.success({
            title: answer.message,
            message: name
              ? `${answer.customer_id} is now with ${name}.`
              : `${answer.customer_id} has a new relationship manager.`,
          });
        },
        onError: (error) => actionFailed(MANAGE_CUSTOMERS_ERRORS.assign, error),
      },
    );
  };

  const select = (
    <RmNativeSelect
      aria-label={`RM for ${customer.customer_id}`}
      value={rmId}
      onChange={setRmId}
      excludeIds={excludeIds}
      size="xs"
      w={layout === 'cells' ? 190 : undefined}
      style={layout === 'line' ? { flex: 1 } : undefined}
      disabled={mutation.isPending}
    />
  );
  const button = (
    <Button
      size="xs"
      variant={mode === 'assign' ? 'filled' : 'light'}
      disabled={!rmId}
      loading={mutation.isPending}
      onClick={submit}
      aria-label={`${label} ${customer.customer_id}`}
      miw={84}
    >
      {label}
    </Button>
  );

  return layout === 'cells' ? (
    <>
      <Table.Td>{select}</Table.Td>
      <Table.Td>{button}</Table.Td>
    </>
  ) : (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      {select}
      {button}
    </Group>
  );
}
