import type { AdminWhoToCallResponse, WhoToCallItem } from '@behavio/contract';
import { Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { CustomerLink } from '@/components/ui/customer-link/customer-link';
import {
  PriorityBadge,
  RiskProfileBadge,
  UrgencyBadge,
} from '@/components/ui/score-badges/score-badges';
import {
  CustomerCardHeading,
  CustomerCardList,
} from '@/components/ui/customer-cells/customer-cells';
import { ScrollTable } from '@/components/ui/scroll-table/scroll-table';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { useQueryErrorToast } from '@/lib/use-query-error-toast';
import { MANAGE_CUSTOMERS_ERRORS, errorText } from '../api/messages';
import { useRmWhoToCall } from '../api/oversight';
import { customerCount } from '../utils/display';
import { WHO_TO_CALL_CSV_COLUMNS } from '../utils/exports';
import { RmLookupSection, RmResult, useRequestedRm } from './rm-lookup';

/** product-rules: Screens 'Who To Call (Priority List)': choose an RM, 'Get List', then the call list. */
export function WhoToCallSection() {
  const rm = useRequestedRm();
  const query = useRmWhoToCall(rm.requested);
  useQueryErrorToast(query, {
    id: 'rm-who-to-call',
    title: MANAGE_CUSTOMERS_ERRORS.whoToCall,
    message: errorText,
  });

  return (
    <RmLookupSection
      labelId="who-to-call-heading"
      title="Who To Call (Priority List)"
      description="Choose a relationship manager to see whom they should call first."
      actionLabel="Get List"
      actionIcon={<IconPhoneCall size={16} />}
      rm={rm}
      query={query}
      loadingLabel="Loading the call list"
      errorTitle={MANAGE_CUSTOMERS_ERRORS.whoToCall}
    >
      {(result) => <CallListResult key={result.rm_id} result={result} />}
    </RmLookupSection>
  );
}

/** The call list from the medium width up: the columns of product-rules: Screens, the why in a tooltip. */
function CallTable({ label, items }: { label: string; items: readonly WhoToCallItem[] }) {
  return (
    <ScrollTable label={label} minWidth={960} maxHeight={600}>
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
        {items.map((item) => (
          <Table.Tr key={item.customer_id}>
            <Table.Td fw={600}>
              <CustomerLink customerId={item.customer_id} />
            </Table.Td>
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
    </ScrollTable>
  );
}

/** The call list on a phone: a card per customer, highest priority first. */
function CallCards({ label, items }: { label: string; items: readonly WhoToCallItem[] }) {
  return (
    <CustomerCardList label={label} items={items} maxHeight={600}>
      {(item) => (
        <Stack gap="xs">
          <CustomerCardHeading customer={item} />
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Priority Score
            </Text>
            <PriorityBadge score={item.priority_score} />
            <UrgencyBadge level={item.urgency_level} />
          </Group>
          <Text size="sm">{item.recommended_action}</Text>
          <Text size="xs" c="dimmed">
            Why: {item.why}
          </Text>
        </Stack>
      )}
    </CustomerCardList>
  );
}

function CallListResult({ result }: { result: AdminWhoToCallResponse }) {
  const isDesktop = useIsDesktop();
  const label = `Call list of ${result.rm_name}`;
  return (
    <RmResult
      rmName={result.rm_name}
      summary={`has ${customerCount(result.list.length)} to call, highest priority first.`}
      rows={result.list}
      exportName="who-to-call"
      csvColumns={WHO_TO_CALL_CSV_COLUMNS}
      emptyText="No customers to call at this time"
    >
      {(visible) =>
        isDesktop ? (
          <CallTable label={label} items={visible} />
        ) : (
          <CallCards label={label} items={visible} />
        )
      }
    </RmResult>
  );
}
