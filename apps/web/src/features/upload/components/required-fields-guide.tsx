import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS, REQUIRED_COLUMN_COUNT } from '@behavio/contract';
import {
  Box,
  Button,
  Code,
  Collapse,
  Group,
  List,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { TEMPLATE_FILENAME, exampleCsv, saveTextFile, templateCsv } from '../utils/csv-template';

interface ColumnGroup {
  name: string;
  columns: { name: string; guide: string }[];
}

/** The 28 columns in the groups of product-rules: Entities and fields, in file order. */
const GROUPS: ColumnGroup[] = REQUIRED_COLUMNS.reduce<ColumnGroup[]>((groups, column) => {
  let group = groups.find((candidate) => candidate.name === column.group);
  if (!group) {
    group = { name: column.group, columns: [] };
    groups.push(group);
  }
  group.columns.push({ name: column.name, guide: column.guide });
  return groups;
}, []);

const EXAMPLE = exampleCsv();

/**
 * The collapsible 'Required Fields (28 total)' guide with each column's range, the optional
 * columns, a CSV example and a template built in the browser (product-rules: Screens).
 */
export function RequiredFieldsGuide() {
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();

  return (
    <Paper withBorder bg="white" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <UnstyledButton
            onClick={toggle}
            aria-expanded={opened}
            aria-controls={panelId}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Group gap={6} wrap="nowrap">
              <IconChevronRight
                size={18}
                aria-hidden
                style={{
                  transform: opened ? 'rotate(90deg)' : undefined,
                  transition: 'transform 150ms ease',
                }}
              />
              <Text fw={600}>Required Fields ({REQUIRED_COLUMN_COUNT} total)</Text>
            </Group>
          </UnstyledButton>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={16} />}
            onClick={() => saveTextFile(templateCsv(), TEMPLATE_FILENAME)}
          >
            Download template
          </Button>
        </Group>

        <Collapse in={opened} id={panelId}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              The first row holds the column names. Names are matched without regard to case, and
              spaces or hyphens count as underscores. Other columns are kept but not used.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
              {GROUPS.map((group) => (
                <Box key={group.name}>
                  <Text fw={600} size="sm" mb={4}>
                    {group.name}
                  </Text>
                  <List size="sm" spacing={4} listStyleType="none">
                    {group.columns.map((column) => (
                      <List.Item key={column.name}>
                        <Code>{column.name}</Code>{' '}
                        <Text span size="sm" c="dimmed">
                          {column.guide}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </Box>
              ))}
            </SimpleGrid>
            <Box>
              <Text fw={600} size="sm" mb={4}>
                Optional columns
              </Text>
              <Text size="sm" c="dimmed" mb={4}>
                Used for customer value when present; leave them out or empty otherwise.
              </Text>
              <List size="sm" spacing={4} listStyleType="none">
                {OPTIONAL_COLUMNS.map((column) => (
                  <List.Item key={column.name}>
                    <Code>{column.name}</Code>{' '}
                    <Text span size="sm" c="dimmed">
                      {column.guide}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Box>
          </Stack>
        </Collapse>

        <Box>
          <Text fw={600} size="sm" mb={6}>
            CSV example
          </Text>
          <ScrollArea
            type="auto"
            offsetScrollbars="x"
            scrollbars="x"
            // Focusable, so a keyboard user can scroll the example sideways (WCAG 2.1.1).
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'CSV example' }}
          >
            <Code block style={{ whiteSpace: 'pre', width: 'max-content', minWidth: '100%' }}>
              {EXAMPLE}
            </Code>
          </ScrollArea>
        </Box>
      </Stack>
    </Paper>
  );
}
