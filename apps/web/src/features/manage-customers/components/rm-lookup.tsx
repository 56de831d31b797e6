import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { EmptyLine, LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { errorText } from '../api/messages';
import { RmPicker } from './rm-picker';
import { useRowLimit } from './row-limit';

/**
 * The two oversight sections (an RM's book, an RM's call list) work alike: choose an RM, ask
 * for their data, then read it with an info line and the RM lists' tools (sort, filters, and
 * for the admin the export). The pieces they share.
 */

/** The RM chosen in the picker, and the RM whose data was asked for. */
export function useRequestedRm() {
  const [chosen, setChosen] = useState<string | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  /** Asks for the chosen RM's data; asking again for the same RM reloads it. */
  const request = (reload: () => void) => {
    if (!chosen) return;
    if (chosen === requested) reload();
    else setRequested(chosen);
  };
  return { chosen, setChosen, requested, request };
}

export interface RmLookupSectionProps<Data> {
  labelId: string;
  title: string;
  description: string;
  /** The picker's button ('View Book', 'Get List') and its icon. */
  actionLabel: string;
  actionIcon: ReactNode;
  rm: ReturnType<typeof useRequestedRm>;
  /** The query of the requested RM's data (idle until an RM is requested). */
  query: UseQueryResult<Data>;
  loadingLabel: string;
  errorTitle: string;
  children: (data: Data) => ReactNode;
}

/** A titled section: the RM picker, then the requested RM's data as it loads, fails or shows. */
export function RmLookupSection<Data>({
  labelId,
  title,
  description,
  actionLabel,
  actionIcon,
  rm,
  query,
  loadingLabel,
  errorTitle,
  children,
}: RmLookupSectionProps<Data>) {
  let body = null;
  if (rm.requested) {
    if (query.isPending) body = <LoadingState label={loadingLabel} />;
    else if (query.isError)
      body = <LoadErrorAlert title={errorTitle} message={errorText(query.error)} query={query} />;
    else body = children(query.data);
  }

  return (
    <SectionCard labelId={labelId} title={title} description={description}>
      <RmPicker
        value={rm.chosen}
        onChange={rm.setChosen}
        actionLabel={actionLabel}
        onAction={() => rm.request(() => void query.refetch())}
        loading={query.isFetching}
        icon={actionIcon}
      />
      {body}
    </SectionCard>
  );
}

export interface RmResultProps<Row> {
  rmName: string;
  /** What follows the RM's name in the info line ("has 3 customers in their book."). */
  summary: string;
  rows: readonly Row[];
  /** The list's tools (filters, sort, export), and any control before them. */
  toolbar: ReactNode;
  emptyText: string;
  /** The table of the rows shown so far (a long list grows with 'Show more'). */
  children: (visible: readonly Row[]) => ReactNode;
}

/** An RM's data: the info line and the list's tools, then the table, or a line when it is empty. */
export function RmResult<Row>({
  rmName,
  summary,
  rows,
  toolbar,
  emptyText,
  children,
}: RmResultProps<Row>) {
  const { visible, more } = useRowLimit(rows);
  return (
    <Stack gap="sm">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} py={8}>
        <Text size="sm">
          <Text span fw={600} inherit>
            {rmName}
          </Text>{' '}
          {summary}
        </Text>
      </Alert>
      {toolbar}
      {rows.length === 0 ? (
        <EmptyLine>{emptyText}</EmptyLine>
      ) : (
        <>
          {children(visible)}
          {more}
        </>
      )}
    </Stack>
  );
}
