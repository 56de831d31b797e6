import { RM_LIST_SORTS, type RiskRankingResponse } from '@behavio/contract';
import { Grid, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ListToolbar, NO_FILTER_MATCH } from '@/components/ui/list-tools/list-tools';
import { useListView } from '@/components/ui/list-tools/use-list-view';
import { percentOf } from '@/lib/display-rules';
import { useRiskRanking } from '../api/get-risk-ranking';
import { RM_LIST_ERRORS, describeListError } from '../api/list-errors';
import { RISK_LEVEL_HELP } from '../utils/explanations';
import { filterByIdOrCountry } from '../utils/search';
import { InsightGroupsPanel } from './list-parts';
import { HelpIcon, StatCard } from './panel-parts';
import { RiskDistributionChart } from './lazy-charts';

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

/** product-rules: Screens RM analytics screen 4: Risk Ranking Dashboard (errors: alert only, product-rules: Error messages). */
export function RiskRankingPanel() {
  const tools = useListView(RM_LIST_SORTS.riskRanking);
  const query = useRiskRanking(tools.query);
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
  const filtering = search.trim() !== '';
  const [high, medium, low] = groups;

  return (
    <InsightGroupsPanel
      title="Risk Ranking Dashboard"
      subtitle="Customers categorized by risk level for strategic portfolio management"
      query={query}
      loadingLabel="Loading risk ranking"
      errorMessage={errorMessage}
      search={search}
      onSearchChange={setSearch}
      total={total}
      empty={{
        icon: <IconShieldCheck size={22} />,
        title: 'No risk ranking data available',
        description: 'Customer risk rankings will appear here once analyzed',
      }}
      overview={
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
      }
      toolbar={
        <ListToolbar
          tools={tools}
          sorts={RM_LIST_SORTS.riskRanking}
          exportFrom={{
            path: '/content/rm-risk-ranking',
            fileName: 'risk-ranking',
            query: { search },
          }}
        />
      }
      filteredEmptyTitle={tools.filtered ? NO_FILTER_MATCH : undefined}
      groups={groups.map((group) => ({
        id: group.key,
        title: group.title,
        badgeColor: group.color,
        badgeLabel: `${group.shown.length} customers`,
        emptyText: 'No customers in this category',
        items: group.shown,
      }))}
    />
  );
}
