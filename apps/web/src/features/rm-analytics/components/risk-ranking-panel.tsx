import type { RiskRankingItem, RiskRankingResponse } from '@behavio/contract';
import { Badge, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useRiskRanking } from '../api/get-risk-ranking';
import { RM_LIST_ERRORS, describeListError } from '../api/list-errors';
import { RISK_LEVEL_HELP } from '../utils/explanations';
import { percentOf } from '../utils/format';
import { SEARCH_PLACEHOLDER, filterByIdOrCountry } from '../utils/search';
import { InsightRow } from './insight-row';
import {
  EmptyState,
  HelpIcon,
  NoMatches,
  PanelError,
  PanelHeader,
  PanelLoading,
  SearchInput,
  StatCard,
} from './panel-parts';
import { RiskDistributionChart } from './lazy-charts';
import { ScrollList } from './scroll-list';

type GroupKey = keyof RiskRankingResponse;

export const RISK_GROUPS: readonly {
  key: GroupKey;
  stat: string;
  title: string;
  color: string;
}[] = [
  { key: 'high_risk', stat: 'High Risk', title: 'High Risk Customers', color: 'red' },
  { key: 'medium_risk', stat: 'Medium Risk', title: 'Medium Risk Customers', color: 'orange' },
  { key: 'low_risk', stat: 'Low Risk', title: 'Low Risk Customers', color: 'green' },
];

/** A group of rows under its heading and count; 'No customers in this category' when empty. */
function RiskGroup({
  title,
  color,
  items,
  search,
}: {
  title: string;
  color: string;
  items: readonly RiskRankingItem[];
  search: string;
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      bg="white"
      component="section"
      aria-label={title}
    >
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Badge
          color={color}
          variant="light"
          size="lg"
          radius="sm"
          aria-label={`${items.length} customers`}
        >
          {items.length}
        </Badge>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          No customers in this category
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

/** Spec §2 RM analytics screen 4: Risk Ranking Dashboard (errors: alert only, spec §8). */
export function RiskRankingPanel() {
  const query = useRiskRanking();
  const [search, setSearch] = useState('');
  const errorMessage = describeListError(query.error, RM_LIST_ERRORS.riskRanking);

  const groups = useMemo(() => {
    const data = query.data ?? { high_risk: [], medium_risk: [], low_risk: [] };
    return RISK_GROUPS.map((group) => ({
      ...group,
      all: data[group.key],
      shown: filterByIdOrCountry(data[group.key], search),
    }));
  }, [query.data, search]);
  const total = groups.reduce((sum, group) => sum + group.all.length, 0);
  const shownTotal = groups.reduce((sum, group) => sum + group.shown.length, 0);
  const filtering = search.trim() !== '';

  let body;
  if (query.isPending) {
    body = <PanelLoading label="Loading risk ranking" />;
  } else if (query.isError) {
    body = <PanelError message={errorMessage} />;
  } else if (total === 0) {
    body = (
      <Paper withBorder bg="white">
        <EmptyState
          icon={<IconShieldCheck size={22} />}
          title="No risk ranking data available"
          description="Customer risk rankings will appear here once analyzed"
        />
      </Paper>
    );
  } else {
    const [high, medium, low] = groups;
    body = (
      <>
        <Grid gutter={{ base: 'xs', sm: 'md' }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <SimpleGrid cols={2} spacing={{ base: 'xs', sm: 'md' }}>
              <StatCard label="Total Customers Ranked" value={total} />
              {groups.map((group) => (
                <StatCard
                  key={group.key}
                  label={group.stat}
                  value={group.all.length}
                  color={group.color}
                  hint={
                    <>
                      {percentOf(group.all.length, total)} of portfolio
                      {filtering ? (
                        <>
                          <br />
                          {group.shown.length} of {group.all.length} shown
                        </>
                      ) : null}
                    </>
                  }
                />
              ))}
            </SimpleGrid>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" bg="white" h="100%">
              <Group gap={4} mb="xs">
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Risk Distribution
                </Text>
                <HelpIcon label={RISK_LEVEL_HELP} ariaLabel="About the risk levels" />
              </Group>
              <RiskDistributionChart
                counts={{
                  high: high?.all.length ?? 0,
                  medium: medium?.all.length ?? 0,
                  low: low?.all.length ?? 0,
                }}
              />
            </Paper>
          </Grid.Col>
        </Grid>
        {filtering && shownTotal === 0 ? (
          <Paper withBorder bg="white">
            <NoMatches search={search} onClear={() => setSearch('')} />
          </Paper>
        ) : (
          groups.map((group) => (
            <RiskGroup
              key={group.key}
              title={group.title}
              color={group.color}
              items={group.shown}
              search={search}
            />
          ))
        )}
      </>
    );
  }

  return (
    <Stack gap="md">
      <PanelHeader
        title="Risk Ranking Dashboard"
        subtitle="Customers categorized by risk level for strategic portfolio management"
        refreshLabel="Refresh"
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching && !query.isPending}
      />
      <SearchInput value={search} onChange={setSearch} placeholder={SEARCH_PLACEHOLDER} />
      {body}
    </Stack>
  );
}
