import {
  Box,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconLock, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { RoleBadge } from './role-badge';

/** product-rules: Screens: what the 'What's Included?' dialog lists. */
export const INCLUDED_FEATURES = [
  { title: 'Unlimited employees', text: 'Add as many relationship managers as your firm needs.' },
  {
    title: 'Role-based permissions',
    text: 'Admins, relationship managers, heads, compliance and view-only staff each see what they should.',
  },
  {
    title: 'Unlimited insights',
    text: 'Priority scores, call lists, risk ranking and segments for every customer.',
  },
] as const;

/** Placeholder rows behind the blur: they only suggest what the unlocked panel holds. */
const SAMPLE_ROWS = [
  { name: 'Alex Morgan', email: 'alex@yourfirm.com', role: 'admin' },
  { name: 'Sam Patel', email: 'sam@yourfirm.com', role: 'rm' },
  { name: 'Chris Lee', email: 'chris@yourfirm.com', role: 'compliance' },
  { name: 'Robin Diaz', email: 'robin@yourfirm.com', role: 'head' },
] as const;

/**
 * product-rules: Screens Settings on the free plan (admin or RM): a blurred, locked 'Role Management &
 * Creation' panel with 'Upgrade Now' (to /subscription) and a 'What's Included?' dialog.
 */
export function LockedRoleManagement() {
  const [included, setIncluded] = useState(false);

  return (
    <Paper
      component="section"
      aria-labelledby="locked-role-management-heading"
      withBorder
      bg="white"
      pos="relative"
      style={{ overflow: 'hidden' }}
    >
      {/* The blurred preview: decoration only. */}
      <Box
        aria-hidden
        p={{ base: 'md', sm: 'lg' }}
        style={{ filter: 'blur(5px)', userSelect: 'none', pointerEvents: 'none' }}
        inert
      >
        <Group justify="space-between" mb="md">
          <Text fw={700} size="lg">
            Employee Management
          </Text>
          <Button size="xs" tabIndex={-1}>
            Add Relationship Manager
          </Button>
        </Group>
        <Table styles={{ th: { whiteSpace: 'nowrap' } }} verticalSpacing="sm">
          <Table.Tbody>
            {SAMPLE_ROWS.map((row) => (
              <Table.Tr key={row.email}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td visibleFrom="xs">{row.email}</Table.Td>
                <Table.Td>
                  <RoleBadge role={row.role} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>

      <Stack
        pos="absolute"
        inset={0}
        align="center"
        justify="center"
        gap="sm"
        p="md"
        ta="center"
        style={{ background: 'rgba(255, 255, 255, 0.72)' }}
      >
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconLock size={24} />
        </ThemeIcon>
        <Title order={2} id="locked-role-management-heading" fz={{ base: 18, sm: 20 }}>
          Role Management &amp; Creation
        </Title>
        <Text size="sm" c="dimmed" maw={420}>
          Add relationship managers and give your team the right access on the Pro and Business
          plans.
        </Text>
        <Group gap="sm" justify="center">
          <Button component={Link} to={paths.subscription} leftSection={<IconSparkles size={16} />}>
            Upgrade Now
          </Button>
          <Button variant="default" onClick={() => setIncluded(true)}>
            What&apos;s Included?
          </Button>
        </Group>
      </Stack>

      <Modal opened={included} onClose={() => setIncluded(false)} title="What's Included?" centered>
        <Stack gap="md">
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" color="teal">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {INCLUDED_FEATURES.map((feature) => (
              <List.Item key={feature.title}>
                <Text size="sm" fw={600}>
                  {feature.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {feature.text}
                </Text>
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIncluded(false)}>
              Close
            </Button>
            <Button component={Link} to={paths.subscription}>
              Upgrade Now
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
