import { Autocomplete, Button, Group, TextInput } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ExportMenu } from '@/components/ui/list-tools/list-tools';

/*
 * The audit log's filters (issue 20): action, person and days, kept in the page's address under
 * the names the API takes, so a filtered log can be shared; the export takes the same ones.
 */

export const AUDIT_FILTERS = ['action', 'actor', 'from', 'to'] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];
export type AuditFilterValues = Partial<Record<AuditFilterName, string>>;

/** What the server records (the server's audit writers), offered as suggestions. */
const KNOWN_ACTIONS = [
  'api_key.created',
  'api_key.revoked',
  'call.called',
  'call.snoozed',
  'call.dismissed',
  'call.reopened',
  'customer.assigned',
  'customer.reassigned',
  'customer.bulk_assigned',
  'customer.distributed',
  'employee.created',
  'employee.deleted',
  'file.uploaded',
  'file.deleted',
  'file.rows_fixed',
  'list.exported',
  'mapping.saved',
  'mapping.forgotten',
  'product.created',
  'product.updated',
  'product.deleted',
  'product_outcome.recorded',
  'subscription.checkout_started',
  'subscription.activated',
  'subscription.updated',
  'subscription.cancelled',
  'subscription.expired',
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in the address; a malformed day is left out rather than sent. */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const values: AuditFilterValues = {};
    for (const name of AUDIT_FILTERS) {
      const value = params.get(name)?.trim();
      if (value && (name === 'action' || name === 'actor' || DAY.test(value))) values[name] = value;
    }
    return values;
  }, [params]);
  const setFilter = useCallback(
    (name: AuditFilterName, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value.trim()) next.set(name, value.trim());
          else next.delete(name);
          return next;
        },
        // Typing is not a step Back should replay key by key.
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of AUDIT_FILTERS) next.delete(name);
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return { filters, setFilter, clear, filtered: Object.keys(filters).length > 0 };
}

export function AuditFilters({ state }: { state: ReturnType<typeof useAuditFilters> }) {
  const { filters, setFilter, clear, filtered } = state;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Autocomplete
        label="Action"
        placeholder="Any action"
        data={KNOWN_ACTIONS}
        value={filters.action ?? ''}
        onChange={(value) => setFilter('action', value)}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <TextInput
        label="Person"
        placeholder="Their email address"
        type="email"
        value={filters.actor ?? ''}
        onChange={(event) => setFilter('actor', event.currentTarget.value)}
        w={{ base: '100%', xs: 240 }}
      />
      <TextInput
        label="From"
        type="date"
        value={filters.from ?? ''}
        onChange={(event) => setFilter('from', event.currentTarget.value)}
        w={{ base: '47%', xs: 160 }}
      />
      <TextInput
        label="To"
        type="date"
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => setFilter('to', event.currentTarget.value)}
        w={{ base: '47%', xs: 160 }}
      />
      {filtered ? (
        <Button variant="subtle" onClick={clear}>
          Clear filters
        </Button>
      ) : null}
      <ExportMenu path="/audit/events" fileName="audit-log" query={filters} />
    </Group>
  );
}
