import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  LoadingOverlay,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOr } from '@/lib/api-client';
import { AUDIT_PAGE_SIZE, AUDIT_TEXT, useAuditEvents } from '../api/audit-events';
import { actionLabel, summariseChange } from '../utils/summarise';

const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function formatWhen(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : WHEN.format(date);
}

/** A subject id: UUIDs are cut to their first 8 characters (the full id is in the title). */
function shortId(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? `${id.slice(0, 8)}…` : id;
}

export interface AuditLogProps {
  /** Events per page (default 20, at most 100). */
  pageSize?: number;
}

/**
 * Beyond the spec (docs/permissions.md): who changed what in the firm — employees created and
 * deleted, customers assigned, reassigned and distributed, call outcomes. For admin and
 * compliance on any plan; newest first, paged.
 */
export function AuditLog({ pageSize = AUDIT_PAGE_SIZE }: AuditLogProps) {
  const [page, setPage] = useState(1);
  const query = useAuditEvents(page, pageSize);

  let body;
  if (query.isPending) {
    body = (
      <Center py="xl" role="status" aria-label="Loading the audit log">
        <Loader type="dots" />
      </Center>
    );
  } else if (query.isError && !query.data) {
    body = (
      <Alert
        color="red"
        variant="light"
        title={AUDIT_TEXT.fetchError}
        icon={<IconAlertCircle size={20} />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{messageOr(query.error, AUDIT_TEXT.fallback)}</Text>
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
  } else if (query.data.events.length === 0 && query.data.pagination.total_count === 0) {
    body = (
      <Text ta="center" c="dimmed" py="lg">
        {AUDIT_TEXT.empty}
      </Text>
    );
  } else {
    const { events, pagination } = query.data;
    const pages = Math.max(1, pagination.total_pages);
    const from = (pagination.page - 1) * pagination.page_size + 1;
    const to = Math.min(pagination.page * pagination.page_size, pagination.total_count);
    body = (
      <Stack gap="sm">
        <div style={{ position: 'relative' }}>
          <LoadingOverlay
            visible={query.isPlaceholderData && query.isFetching}
            zIndex={2}
            overlayProps={{ blur: 1 }}
          />
          <Table.ScrollContainer minWidth={860} type="native">
            <Table
              styles={{ th: { whiteSpace: 'nowrap' } }}
              verticalSpacing="sm"
              highlightOnHover
              aria-label="Audit log"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th w={320}>Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => {
                  const change = summariseChange(event.before, event.after);
                  return (
                    <Table.Tr key={event.id}>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {formatWhen(event.created_at)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={2} align="flex-start">
                          <Text size="sm">{event.actor_email}</Text>
                          <Badge size="xs" variant="light" color="gray" radius="sm">
                            {event.actor_role}
                          </Badge>
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {actionLabel(event.action)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" title={event.subject_id}>
                          <Text span c="dimmed" inherit>
                            {event.subject_type}
                          </Text>{' '}
                          {shortId(event.subject_id)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={3} title={change}>
                          {change}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            Showing {pagination.total_count === 0 ? 0 : from} to {to} of {pagination.total_count}{' '}
            events
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} />}
              disabled={page <= 1 || query.isPlaceholderData}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              Previous
            </Button>
            <Text size="sm" fw={500} miw={90} ta="center">
              Page {pagination.page} of {pages}
            </Text>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} />}
              disabled={page >= pages || query.isPlaceholderData}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </Group>
        </Group>
      </Stack>
    );
  }

  return (
    <Paper
      component="section"
      aria-labelledby="audit-log-heading"
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} id="audit-log-heading" fz={{ base: 18, sm: 20 }}>
            Audit Log
          </Title>
          <Text size="sm" c="dimmed">
            Who changed what in your firm, newest first.
          </Text>
        </Stack>
        {body}
      </Stack>
    </Paper>
  );
}
