import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS, type CustomerRecord } from '@behavio/contract';
import { SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { formatCell } from '@/lib/display-rules';
import { fieldLabel } from '../utils/field-label';

interface Field {
  name: string;
  group: string;
}

/** The columns in file order, grouped as the contract groups them (optional ones last). */
function groupsOf(columns: readonly Field[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const { name, group } of columns) groups.set(group, [...(groups.get(group) ?? []), name]);
  return [...groups];
}

const GROUPS = groupsOf([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]);

/** The customer's row as the firm sent it: the 28 columns (and aum, revenue when sent). */
export function CustomerFields({ customer }: { customer: CustomerRecord }) {
  const values = customer as unknown as Record<string, string | number | boolean | null>;
  const shown = GROUPS.map(
    ([group, names]) => [group, names.filter((name) => values[name] !== null)] as const,
  ).filter(([, names]) => names.length > 0);
  return (
    <SectionCard labelId="customer-fields" title="Customer data">
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
        {shown.map(([group, names]) => (
          <Stack key={group} gap={4}>
            <Title order={3} fz="sm">
              {group}
            </Title>
            <Table verticalSpacing={4} aria-label={group}>
              <Table.Tbody>
                {names.map((name) => (
                  <Table.Tr key={name}>
                    <Table.Th scope="row" fw={400} c="dimmed" fz="sm">
                      {fieldLabel(name)}
                    </Table.Th>
                    <Table.Td fz="sm" ta="right" fw={600}>
                      {formatCell(values[name])}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
