import type { Employee } from '@behavio/contract';
import { Button, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyLine, LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { SectionCard } from '@/components/ui/section-card/section-card';
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
    directory = <LoadingState label="Loading employees" />;
  } else if (query.isError) {
    directory = (
      <LoadErrorAlert
        title={EMPLOYEE_TEXT.fetchError}
        message={errorText(query.error)}
        query={query}
      />
    );
  } else if (query.data.employees.length === 0) {
    directory = <EmptyLine>{EMPLOYEE_TEXT.empty}</EmptyLine>;
  } else {
    directory = (
      <ScrollTable label="Role Directory" minWidth={canManage ? 560 : 440}>
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
      </ScrollTable>
    );
  }

  return (
    <SectionCard
      labelId="employee-management-heading"
      title="Employee Management"
      description={
        <>
          Total employees:{' '}
          <Text span fw={700} c="dark" inherit>
            {query.data ? query.data.total : '–'}
          </Text>
        </>
      }
      actions={
        canManage ? (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
            Add Relationship Manager
          </Button>
        ) : null
      }
    >
      <Stack gap="xs">
        <Title order={3} fz={{ base: 15, sm: 16 }}>
          Role Directory
        </Title>
        {directory}
      </Stack>
      {canManage ? (
        <>
          <AddRmModal opened={adding} onClose={() => setAdding(false)} />
          <DeleteEmployeeModal employee={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </SectionCard>
  );
}
