import type { AdminWhoToCallResponse } from '@behavio/contract';
import { Alert, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconInfoCircle, IconPhoneCall } from '@tabler/icons-react';
import { useState } from 'react';
import { MANAGE_CUSTOMERS_ERRORS, errorText, useQueryErrorToast } from '../api/messages';
import { useRmWhoToCall } from '../api/oversight';
import { downloadCsv, fileDate, slugify, toCsv } from '../utils/csv';
import { customerCount } from '../utils/display';
import { WHO_TO_CALL_CSV_COLUMNS } from '../utils/exports';
import { PriorityBadge, RiskProfileBadge, UrgencyBadge } from './badges';
import { RmPicker } from './rm-picker';
import { useRowLimit } from './row-limit';
import { EmptyLine, LoadError, Loading, Section } from './section';

/** Spec §2 'Who To Call (Priority List)': choose an RM, 'Get List', then the call list. */
export function WhoToCallSection() {
  const [chosen, setChosen] = useState<string | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  const query = useRmWhoToCall(requested);
  useQueryErrorToast('rm-who-to-call', query, MANAGE_CUSTOMERS_ERRORS.whoToCall);

  const getList = () => {
    if (!chosen) return;
    if (chosen === requested) void query.refetch();
    else setRequested(chosen);
  };

  let body = null;
  if (requested) {
    if (query.isPending) body = <Loading label="Loading the call list" />;
    else if (query.isError)
      body = (
        <LoadError
          title={MANAGE_CUSTOMERS_ERRORS.whoToCall}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
    else body = <CallListResult key={query.data.rm_id} result={query.data} />;
  }

  return (
    <Section
      labelId="who-to-call-heading"
      title="Who To Call (Priority List)"
      description="Choose a relationship manager to see whom they should call first."
    >
      <RmPicker
        value={chosen}
        onChange={setChosen}
        actionLabel="Get List"
        onAction={getList}
        loading={query.isFetching}
        icon={<IconPhoneCall size={16} />}
      />
      {body}
    </Section>
  );
}

function CallListResult({ result }: { result: AdminWhoToCallResponse }) {
  const { visible, more } = useRowLimit(result.list);
  const exportCsv = () =>
    downloadCsv(
      `who-to-call-${slugify(result.rm_name)}-${fileDate()}.csv`,
      toCsv(WHO_TO_CALL_CSV_COLUMNS, result.list),
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle size={18} />}
          py={8}
          style={{ flex: '1 1 260px' }}
        >
          <Text size="sm">
            <Text span fw={600} inherit>
              {result.rm_name}
            </Text>{' '}
            has {customerCount(result.list.length)} to call, highest priority first.
          </Text>
        </Alert>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={exportCsv}
          disabled={result.list.length === 0}
        >
          Export CSV
        </Button>
      </Group>
      {result.list.length === 0 ? (
        <EmptyLine>No customers to call at this time</EmptyLine>
      ) : (
        <>
          <Table.ScrollContainer minWidth={960} maxHeight={600} type="native">
            <Table
              styles={{ th: { whiteSpace: 'nowrap' } }}
              stickyHeader
              highlightOnHover
              verticalSpacing="sm"
              aria-label={`Call list of ${result.rm_name}`}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer ID</Table.Th>
                  <Table.Th>Priority Score</Table.Th>
                  <Table.Th miw={110}>Urgency</Table.Th>
                  <Table.Th>Risk Profile</Table.Th>
                  <Table.Th>Age</Table.Th>
                  <Table.Th>Country</Table.Th>
                  <Table.Th w={340}>Recommended Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {visible.map((item) => (
                  <Table.Tr key={item.customer_id}>
                    <Table.Td fw={600}>{item.customer_id}</Table.Td>
                    <Table.Td>
                      <PriorityBadge score={item.priority_score} />
                    </Table.Td>
                    <Table.Td>
                      <UrgencyBadge level={item.urgency_level} />
                    </Table.Td>
                    <Table.Td>
                      <RiskProfileBadge value={item.risk_profile} />
                    </Table.Td>
                    <Table.Td>{item.age}</Table.Td>
                    <Table.Td>{item.country_iso}</Table.Td>
                    <Table.Td>
                      <Tooltip
                        label={`Why: ${item.why}`}
                        multiline
                        w={320}
                        withArrow
                        events={{ hover: true, focus: true, touch: true }}
                      >
                        <Text size="sm" lineClamp={3} tabIndex={0}>
                          {item.recommended_action}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {more}
        </>
      )}
    </Stack>
  );
}
