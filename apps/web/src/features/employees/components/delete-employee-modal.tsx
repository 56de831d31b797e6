import type { Employee } from '@behavio/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { toast } from '@/lib/notify';
import { EMPLOYEE_TEXT, errorText, useDeleteEmployee } from '../api/employees';
import { endsSession } from '@/lib/api-client';

/** The confirmation product-rules: Validation rules asks for before an employee is deleted. */
export function DeleteEmployeeModal({
  employee,
  onClose,
}: {
  employee: Employee | null;
  onClose: () => void;
}) {
  const mutation = useDeleteEmployee();
  // Keeps the text on screen while the modal fades out after `employee` went back to null.
  const [shown, setShown] = useState(employee);
  if (employee && employee !== shown) setShown(employee);

  const close = () => {
    if (!mutation.isPending) onClose();
  };

  const confirm = () => {
    if (!employee) return;
    mutation.mutate(employee.email, {
      onSuccess: (result) => {
        const unassigned =
          result.unassignedCustomers > 0
            ? ` ${result.unassignedCustomers} ${
                result.unassignedCustomers === 1 ? 'customer is' : 'customers are'
              } now unassigned.`
            : '';
        toast.success({
          title: result.message,
          message: `${employee.name} was removed.${unassigned}`,
        });
        onClose();
      },
      onError: (error) => {
        if (!endsSession(error)) {
          toast.error({ title: EMPLOYEE_TEXT.deleteError, message: errorText(error) });
        }
        onClose();
      },
    });
  };

  return (
    <Modal opened={employee !== null} onClose={close} title="Delete employee" centered>
      {shown ? (
        <Stack gap="md">
          <Text size="sm">
            Are you sure you want to delete{' '}
            <Text span fw={600} inherit>
              {shown.name}
            </Text>{' '}
            ({shown.email})? They will no longer be able to sign in.
          </Text>
          {shown.role === 'rm' ? (
            <Text size="sm" c="dimmed">
              Their customers become unassigned, ready to be assigned to another relationship
              manager.
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={mutation.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
