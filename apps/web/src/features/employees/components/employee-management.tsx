import type { Employee } from '@behavio/contract';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useUser } from '@/lib/auth';
import { EMPLOYEE_TEXT, errorText, useEmployees } from '../api/employees';
import { AddRmModal } from './add-rm-modal';
import { DeleteEmployeeModal } from './delete-employee-modal';
import { RoleBadge } from './role-badge';

/**
 * Spec §2 Settings, pro or business admin: Employee Management — the total employees count,
 * 'Add Relationship Manager' and the Role Directory (Name, Email, Role, Action with Delete).
 * head and compliance may read the directory too (docs/permissions.md): they see it without
 * the add button and the Action column.
 */
export function EmployeeManagement() {
  const { data: user } = useUser();
  const canManage = user?.role === 'admin';
  const query = useEmployees();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Employee | null>(null);

  let directory;
  if (query.isPending) {
    directory = (
      <Center py="xl" role="status" aria-label="Loading employees">
        <Loader type="dots" />
      </Center>
    );
  } else if (query.isError) {
    directory = (
      <Alert
        color="red"
        variant="light"
        title={EMPLOYEE_TEXT.fetchError}
        icon={<IconAlertCircle size={20} />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorText(query.error)}</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => void query.refetch()}
            loading={query.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (query.data.employees.length === 0) {
    directory = (
      <Text ta="center" c="dimmed" py="lg">
        {EMPLOYEE_TEXT.empty}
      </Text>
    );
  } else {
    directory = (
      <Table.ScrollContainer minWidth={canManage ? 560 : 440} type="native">
        <Table
          styles={{ th: { whiteSpace: 'nowrap' } }}
          highlightOnHover
          verticalSpacing="sm"
          aria-label="Role Directory"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              {canManage ? <Table.Th w={110}>Action</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.employees.map((employee) => {
              const self = employee.id === user?.id || employee.email === user?.email;
              return (
                <Table.Tr key={employee.id}>
                  <Table.Td fw={600}>
                    {employee.name}
                    {self ? (
                      <Text span size="xs" c="dimmed" fw={400}>
                        {' '}
                        (you)
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{employee.email}</Table.Td>
                  <Table.Td>
                    <RoleBadge role={employee.role} />
                  </Table.Td>
                  {canManage ? (
                    <Table.Td>
                      {self ? (
                        <Tooltip label="You cannot delete your own account" withArrow>
                          <span>
                            <Button
                              size="xs"
                              color="red"
                              variant="subtle"
                              leftSection={<IconTrash size={14} />}
                              disabled
                              aria-label={`Delete ${employee.name}`}
                            >
                              Delete
                            </Button>
                          </span>
                        </Tooltip>
                      ) : (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => setDeleting(employee)}
                          aria-label={`Delete ${employee.name}`}
                        >
                          Delete
                        </Button>
                      )}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Paper
      component="section"
      aria-labelledby="employee-management-heading"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} id="employee-management-heading" fz={{ base: 18, sm: 20 }}>
              Employee Management
            </Title>
            <Text size="sm" c="dimmed">
              Total employees:{' '}
              <Text span fw={700} c="dark" inherit>
                {query.data ? query.data.total : '–'}
              </Text>
            </Text>
          </Stack>
          {canManage ? (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
              Add Relationship Manager
            </Button>
          ) : null}
        </Group>
        <Stack gap="xs">
          <Title order={3} fz={{ base: 15, sm: 16 }}>
            Role Directory
          </Title>
          {directory}
        </Stack>
      </Stack>
      {canManage ? (
        <>
          <AddRmModal opened={adding} onClose={() => setAdding(false)} />
          <DeleteEmployeeModal employee={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </Paper>
  );
}
