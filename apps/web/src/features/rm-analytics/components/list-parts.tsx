import type { RiskRankingItem, WhoToCallItem } from '@behavio/contract';
import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SEARCH_PLACEHOLDER } from '../utils/search';
import type { PriorityStats } from '../utils/stats';
import { InsightRow } from './insight-row';
import { EmptyState, ListHeading, NoMatches, RmPanel, StatCard } from './panel-parts';
import { ScrollList } from './scroll-list';

/**
 * The lists the RM screens share: the searchable list card, the screens of insight groups,
 * priority stats.
 */

export interface SearchableListCardProps<T> {
  title: string;
  /** Every item, before the search. */
  items: readonly T[];
  /** The items the search keeps. */
  shown: readonly T[];
  search: string;
  onClearSearch: () => void;
  /** The empty state when there are no items at all. */
  emptyIcon: ReactNode;
  emptyTitle: string;
  /** What to do about it, under the empty state's title. */
  emptyDescription?: string;
  children: (visible: readonly T[]) => ReactNode;
}

/**
 * A list under its "x of total" heading: an empty state without items, 'No customers found'
 * when the search keeps none, else the rows, rendered progressively.
 */
export function SearchableListCard<T>({
  title,
  items,
  shown,
  search,
  onClearSearch,
  emptyIcon,
  emptyTitle,
  emptyDescription,
  children,
}: SearchableListCardProps<T>) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} bg="white">
      <ListHeading title={title} count={`${shown.length} of ${items.length}`} />
      {items.length === 0 ? (
        <EmptyState icon={emptyIcon} title={emptyTitle} description={emptyDescription} />
      ) : shown.length === 0 ? (
        <NoMatches search={search} onClear={onClearSearch} />
      ) : (
        // A new search starts again from the first rows.
        <ScrollList key={search} items={shown}>
          {children}
        </ScrollList>
      )}
    </Paper>
  );
}

interface InsightGroupProps {
  title: string;
  description?: string;
  /** The accessible name of the group (its title by default). */
  regionLabel?: string;
  badgeColor: string;
  /** The accessible name of the count badge, when it needs one. */
  badgeLabel?: string;
  emptyText: string;
  items: readonly RiskRankingItem[];
  search: string;
}

/** A group of expandable insight rows under its heading and count, or a line when empty. */
function InsightGroup({
  title,
  description,
  regionLabel = title,
  badgeColor,
  badgeLabel,
  emptyText,
  items,
  search,
}: InsightGroupProps) {
  const heading = (
    <Title order={3} fz="lg">
      {title}
    </Title>
  );
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      bg="white"
      component="section"
      aria-label={regionLabel}
    >
      {/* A two-line heading keeps the count at its top. */}
      <Group
        justify="space-between"
        mb="sm"
        align={description ? 'flex-start' : undefined}
        wrap={description ? 'nowrap' : undefined}
      >
        {description ? (
          <Box>
            {heading}
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Box>
        ) : (
          heading
        )}
        <Badge color={badgeColor} variant="light" size="lg" radius="sm" aria-label={badgeLabel}>
          {items.length}
        </Badge>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {emptyText}
        </Text>
      ) : (
        <ScrollList key={search} items={items}>
          {(visible) => (
            <Stack gap="xs" role="list" aria-label={title} pr={4}>
              {visible.map((item) => (
                <InsightRow key={item.customer_id} item={item} />
              ))}
            </Stack>
          )}
        </ScrollList>
      )}
    </Paper>
  );
}

export interface InsightGroupsPanelProps<Data> {
  title: string;
  subtitle: string;
  query: UseQueryResult<Data>;
  loadingLabel: string;
  errorMessage: string;
  search: string;
  onSearchChange: (value: string) => void;
  /** The customers before the search, in every group; with none the screen is `empty`. */
  total: number;
  empty: { icon: ReactNode; title: string; description?: string };
  /** The stats and charts above the groups. */
  overview: ReactNode;
  /** The list tools (filters, sort, export), shown even when the filters keep nobody. */
  toolbar?: ReactNode;
  /** The empty state's title when the filters keep nobody. */
  filteredEmptyTitle?: string;
  /** The groups listed, each with the items the search keeps. */
  groups: readonly (Omit<InsightGroupProps, 'search'> & { id: string })[];
}

/**
 * Risk Ranking and Behavioral Segments: customers sorted into groups of expandable rows under an
 * overview. One 'No customers found' card stands for the groups when the search empties them all,
 * rather than a column of empty groups.
 */
export function InsightGroupsPanel<Data>({
  title,
  subtitle,
  query,
  loadingLabel,
  errorMessage,
  search,
  onSearchChange,
  total,
  empty,
  overview,
  toolbar,
  filteredEmptyTitle,
  groups,
}: InsightGroupsPanelProps<Data>) {
  const filtering = search.trim() !== '';
  const shown = groups.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <RmPanel
      title={title}
      subtitle={subtitle}
      refreshLabel="Refresh"
      query={query}
      loadingLabel={loadingLabel}
      errorMessage={errorMessage}
      search={search}
      onSearchChange={onSearchChange}
      searchPlaceholder={SEARCH_PLACEHOLDER}
    >
      {() =>
        total === 0 ? (
          <>
            {filteredEmptyTitle ? toolbar : null}
            <Paper withBorder bg="white">
              <EmptyState {...empty} title={filteredEmptyTitle ?? empty.title} />
            </Paper>
          </>
        ) : (
          <>
            {overview}
            {toolbar}
            {filtering && shown === 0 ? (
              <Paper withBorder bg="white">
                <NoMatches search={search} onClear={() => onSearchChange('')} />
              </Paper>
            ) : (
              groups.map(({ id, ...group }) => <InsightGroup key={id} {...group} search={search} />)
            )}
          </>
        )
      }
    </RmPanel>
  );
}

/** Who To Call and Priority Scores: total, average priority out of 10, urgent or high. */
export function PriorityStatCards({ stats }: { stats: PriorityStats }) {
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
      <StatCard label="Total Customers" value={stats.total} />
      <StatCard label="Avg Priority" value={stats.avgPriority} suffix="/ 10" />
      <StatCard label="High Urgency" value={stats.highUrgency} color="red" hint="Urgent or high" />
    </SimpleGrid>
  );
}

/** The recommended action (full text in a tooltip) and the plain-words why under it. */
export function RecommendedAction({
  item,
}: {
  item: Pick<WhoToCallItem, 'recommended_action' | 'why'>;
}) {
  return (
    <Stack gap={4}>
      <Tooltip
        label={item.recommended_action}
        multiline
        w={360}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <Text size="sm" lineClamp={2} tabIndex={0} style={{ cursor: 'help' }}>
          {item.recommended_action}
        </Text>
      </Tooltip>
      <Text size="xs" c="dimmed" lineClamp={3}>
        Why: {item.why}
      </Text>
    </Stack>
  );
}
