import { RM_LIST_SORTS, SEGMENTS, type Segment } from '@behavio/contract';
import { Grid, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ListToolbar, NO_FILTER_MATCH } from '@/components/ui/list-tools/list-tools';
import { useListView } from '@/components/ui/list-tools/use-list-view';
import { SEGMENT_COLORS, percentOf } from '@/lib/display-rules';
import { useSegments } from '../api/get-segments';
import { RM_LIST_ERRORS, describeListError } from '../api/list-errors';
import { SEGMENT_HELP, SEGMENT_INFO } from '../utils/explanations';
import { filterByIdOrCountry } from '../utils/search';
import { InsightGroupsPanel } from './list-parts';
import { StatCard } from './panel-parts';
import { SegmentChart } from './lazy-charts';

const ALL = 'all';
type Filter = Segment | typeof ALL;

const FILTER_OPTIONS = [
  { value: ALL, label: 'All segments' },
  ...SEGMENTS.map((segment) => ({ value: segment, label: SEGMENT_INFO[segment].label })),
];

/** One segment's count card: name, description, count, share with one decimal. */
function SegmentCard({
  segment,
  count,
  shown,
  total,
  filtering,
}: {
  segment: Segment;
  count: number;
  shown: number;
  total: number;
  filtering: boolean;
}) {
  const info = SEGMENT_INFO[segment];
  return (
    <Paper
      withBorder
      p="md"
      bg="white"
      role="group"
      aria-label={info.label}
      style={{ borderTop: `4px solid var(--mantine-color-${SEGMENT_COLORS[segment]}-6)` }}
    >
      <Text fw={700}>{info.label}</Text>
      <Text size="xs" c="dimmed" mih={32}>
        {info.description}
      </Text>
      <Group gap="xs" align="baseline" mt="xs">
        <Text fz={26} fw={700} lh={1.1}>
          {count}
        </Text>
        <Text size="sm" c="dimmed">
          {percentOf(count, total)}
        </Text>
      </Group>
      {filtering ? (
        <Text size="xs" c="dimmed">
          {shown} of {count} shown
        </Text>
      ) : null}
    </Paper>
  );
}

/** product-rules: Screens RM analytics screen 5: Behavioral Segments (errors: alert only, product-rules: Error messages). */
export function SegmentsPanel() {
  const tools = useListView(RM_LIST_SORTS.segments);
  const query = useSegments(tools.query);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>(ALL);
  const errorMessage = describeListError(query.error, RM_LIST_ERRORS.segments);

  const segments = useMemo(
    () =>
      SEGMENTS.map((segment) => {
        const all = query.data?.[segment] ?? [];
        return { segment, all, shown: filterByIdOrCountry(all, search) };
      }),
    [query.data, search],
  );
  const total = segments.reduce((sum, s) => sum + s.all.length, 0);
  const filtering = search.trim() !== '';
  const counts = Object.fromEntries(segments.map((s) => [s.segment, s.all.length])) as Record<
    Segment,
    number
  >;

  return (
    <InsightGroupsPanel
      title="Behavioral Segments"
      subtitle="Customers grouped by behavioral patterns and decision-making biases"
      query={query}
      loadingLabel="Loading behavioral segments"
      errorMessage={errorMessage}
      search={search}
      onSearchChange={setSearch}
      total={total}
      empty={{ icon: <IconUsersGroup size={22} />, title: 'No behavioral segments available' }}
      overview={
        <>
          <Grid gutter={{ base: 'xs', sm: 'md' }}>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="sm" h="100%">
                <StatCard label="Total Segmented Customers" value={total} help={SEGMENT_HELP} />
                <Select
                  label="Filter by segment"
                  data={FILTER_OPTIONS}
                  value={filter}
                  onChange={(value) => setFilter((value as Filter | null) ?? ALL)}
                  allowDeselect={false}
                  checkIconPosition="right"
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Paper withBorder p="md" bg="white" h="100%">
                <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb="xs">
                  Customers per Segment
                </Text>
                <SegmentChart counts={counts} />
              </Paper>
            </Grid.Col>
          </Grid>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing={{ base: 'xs', sm: 'md' }}>
            {segments.map((s) => (
              <SegmentCard
                key={s.segment}
                segment={s.segment}
                count={s.all.length}
                shown={s.shown.length}
                total={total}
                filtering={filtering}
              />
            ))}
          </SimpleGrid>
        </>
      }
      toolbar={
        <ListToolbar
          tools={tools}
          sorts={RM_LIST_SORTS.segments}
          // The segment is chosen by the screen's own "Filter by segment" above.
          filters={['urgency', 'risk_level']}
          exportFrom={{
            path: '/content/rm-segments',
            fileName: 'segments',
            query: { search, segment: filter === ALL ? undefined : filter },
          }}
        />
      }
      filteredEmptyTitle={tools.filtered ? NO_FILTER_MATCH : undefined}
      groups={segments
        .filter((s) => filter === ALL || s.segment === filter)
        .map((s) => ({
          id: s.segment,
          title: SEGMENT_INFO[s.segment].label,
          description: SEGMENT_INFO[s.segment].description,
          regionLabel: `${SEGMENT_INFO[s.segment].label} customers`,
          badgeColor: SEGMENT_COLORS[s.segment],
          emptyText: 'No customers in this segment',
          items: s.shown,
        }))}
    />
  );
}
