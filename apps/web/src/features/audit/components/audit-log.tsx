import type { AuditEventsResponse } from '@behavio/contract';
import { Badge, Group, LoadingOverlay, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { PaginationBar } from '@/components/ui/pagination-bar/pagination-bar';
import { EmptyLine, LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { messageOr } from '@/lib/api-client';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { AUDIT_PAGE_SIZE, AUDIT_TEXT, useAuditEvents } from '../api/audit-events';
import { actionLabel, shortId, summariseChange } from '../utils/summarise';
import { AuditFilters, useAuditFilters } from './audit-filters';

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

type AuditEvent = AuditEventsResponse['events'][number];

/**
 * The actor's email and role. In the table the email stays on one line, so the column is as wide
 * as it (the table scrolls sideways if it must); a break-anywhere email would let the column
 * shrink to a letter, and the role badge with it. A phone's card is narrow: there it may break.
 */
function Actor({ event, inTable }: { event: AuditEvent; inTable: boolean }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" style={inTable ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
        {event.actor_email}
      </Text>
      <Badge
        size="xs"
        variant="light"
        color="gray"
        radius="sm"
        style={{ flexShrink: 0, maxWidth: 'none' }}
      >
        {event.actor_role}
      </Badge>
    </Stack>
  );
}

function Subject({ event }: { event: AuditEvent }) {
  return (
    <Text size="sm" title={event.subject_id}>
      <Text span c="dimmed" inherit>
        {event.subject_type}
      </Text>{' '}
      {shortId(event.subject_id)}
    </Text>
  );
}

function Change({ event }: { event: AuditEvent }) {
  const change = summariseChange(event.before, event.after);
  return (
    <Text size="sm" lineClamp={3} title={change}>
      {change}
    </Text>
  );
}

function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <ScrollTable label="Audit log" minWidth={1000}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={170}>When</Table.Th>
          {/* Wide enough for an email on one line and its role badge uncut. */}
          <Table.Th miw={240}>Who</Table.Th>
          <Table.Th>Action</Table.Th>
          <Table.Th>Subject</Table.Th>
          <Table.Th w={320}>Change</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event) => (
          <Table.Tr key={event.id}>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatWhen(event.created_at)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Actor event={event} inTable />
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {actionLabel(event.action)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Subject event={event} />
            </Table.Td>
            <Table.Td>
              <Change event={event} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** On a phone, one card per event: the five columns would scroll sideways. */
function AuditCards({ events }: { events: AuditEvent[] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Audit log">
      {events.map((event) => (
        <Paper key={event.id} withBorder p="sm" role="listitem">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {actionLabel(event.action)}
              </Text>
              <Text size="xs" c="dimmed" ta="right">
                {formatWhen(event.created_at)}
              </Text>
            </Group>
            <Actor event={event} inTable={false} />
            <Subject event={event} />
            <Change event={event} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
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
  const filterState = useAuditFilters();
  const { filters, filtered } = filterState;
  // Other filters start again from the first page.
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const query = useAuditEvents(page, pageSize, filters);
  const isDesktop = useIsDesktop();

  let body;
  if (query.isPending) {
    body = <LoadingState label="Loading the audit log" />;
  } else if (query.isError && !query.data) {
    body = (
      <LoadErrorAlert
        title={AUDIT_TEXT.fetchError}
        message={messageOr(query.error, AUDIT_TEXT.fallback)}
        query={query}
      />
    );
  } else if (query.data.events.length === 0 && query.data.pagination.total_count === 0) {
    body = <EmptyLine>{filtered ? AUDIT_TEXT.noMatch : AUDIT_TEXT.empty}</EmptyLine>;
  } else {
    const { events, pagination } = query.data;
    body = (
      <Stack gap="sm">
        <div style={{ position: 'relative' }}>
          <LoadingOverlay
            visible={query.isPlaceholderData && query.isFetching}
            zIndex={2}
            overlayProps={{ blur: 1 }}
          />
          {isDesktop ? <AuditTable events={events} /> : <AuditCards events={events} />}
        </div>
        <PaginationBar
          page={pagination.page}
          pageSize={pagination.page_size || pageSize}
          totalCount={pagination.total_count}
          noun="events"
          onPageChange={setPage}
          busy={query.isPlaceholderData}
        />
      </Stack>
    );
  }

  return (
    <SectionCard
      labelId="audit-log-heading"
      title="Audit Log"
      description="Who changed what in your firm, newest first."
    >
      <AuditFilters state={filterState} />
      {body}
    </SectionCard>
  );
}
