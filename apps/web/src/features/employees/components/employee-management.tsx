import type { Employee } from '@behavio/contract';
import { Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyLine, LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { useUser } from '@/lib/auth';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { EMPLOYEE_TEXT, errorText, useEmployees } from '../api/employees';
import { AddRmModal } from './add-rm-modal';
import { DeleteEmployeeModal } from './delete-employee-modal';
import { RoleBadge } from './role-badge';

interface DirectoryRow {
  employee: Employee;
  /** The signed-in user's own row: marked "(you)", and it cannot be deleted. */
  self: boolean;
}

interface DirectoryProps {
  rows: DirectoryRow[];
  /** Null when the viewer may not delete (head, compliance): no Action column. */
  onDelete: ((employee: Employee) => void) | null;
}

function NameWithYou({ employee, self }: DirectoryRow) {
  return (
    <>
      {employee.name}
      {self ? (
        <Text span size="xs" c="dimmed" fw={400}>
          {' '}
          (you)
        </Text>
      ) : null}
    </>
  );
}

function DeleteButton({
  employee,
  self,
  onDelete,
}: DirectoryRow & { onDelete: (employee: Employee) => void }) {
  const button = (
    <Button
      size="xs"
      color="red"
      variant={self ? 'subtle' : 'light'}
      leftSection={<IconTrash size={14} />}
      disabled={self}
      onClick={() => onDelete(employee)}
      aria-label={`Delete ${employee.name}`}
    >
      Delete
    </Button>
  );
  return self ? (
    <Tooltip label="You cannot delete your own account" withArrow>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

function DirectoryTable({ rows, onDelete }: DirectoryProps) {
  return (
    <ScrollTable label="Role Directory" minWidth={onDelete ? 560 : 440}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Role</Table.Th>
          {onDelete ? <Table.Th w={110}>Action</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.employee.id}>
            <Table.Td fw={600}>
              <NameWithYou {...row} />
            </Table.Td>
            <Table.Td>{row.employee.email}</Table.Td>
            <Table.Td>
              <RoleBadge role={row.employee.role} />
            </Table.Td>
            {onDelete ? (
              <Table.Td>
                <DeleteButton {...row} onDelete={onDelete} />
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** On a phone, one card per employee: a table would put the role and Delete off the screen. */
function DirectoryCards({ rows, onDelete }: DirectoryProps) {
  return (
    <Stack gap="xs" role="list" aria-label="Role Directory">
      {rows.map((row) => (
        <Paper key={row.employee.id} withBorder p="sm" role="listitem">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>
                <NameWithYou {...row} />
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.employee.email}
              </Text>
            </Stack>
            <RoleBadge role={row.employee.role} />
          </Group>
          {onDelete ? (
            <Group justify="flex-end" mt="xs">
              <DeleteButton {...row} onDelete={onDelete} />
            </Group>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * product-rules: Screens Settings, pro or business admin: Employee Management — the total employees count,
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
  const isDesktop = useIsDesktop();

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
    const rows = query.data.employees.map((employee) => ({
      employee,
      self: employee.id === user?.id || employee.email === user?.email,
    }));
    const onDelete = canManage ? setDeleting : null;
    directory = isDesktop ? (
      <DirectoryTable rows={rows} onDelete={onDelete} />
    ) : (
      <DirectoryCards rows={rows} onDelete={onDelete} />
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
