import type { ManagedCustomer } from '@behavio/contract';
import { Button, Table } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSetRm } from '../api/assignment';
import { MANAGE_CUSTOMERS_ERRORS, actionFailed } from '../api/messages';
import { toast } from '@/lib/notify';
import { RmNativeSelect } from './rm-select';

/**
 * The RM select and the Assign (no RM yet) or Reassign (has an RM) button of one customer row.
 * The button stays disabled until an RM is chosen (spec §5); the current RM is not offered.
 */
export function AssignCells({
  customer,
  rmName,
}: {
  customer: ManagedCustomer;
  /** The name of an RM id, for the success message. */
  rmName: (rmId: string) => string | undefined;
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

  return (
    <>
      <Table.Td>
        <RmNativeSelect
          aria-label={`RM for ${customer.customer_id}`}
          value={rmId}
          onChange={setRmId}
          excludeIds={excludeIds}
          size="xs"
          w={190}
          disabled={mutation.isPending}
        />
      </Table.Td>
      <Table.Td>
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
      </Table.Td>
    </>
  );
}
