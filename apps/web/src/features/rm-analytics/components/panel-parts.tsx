import {
  Alert,
  Anchor,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
  type MantineColor,
} from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ERROR_ALERT_TITLE } from '../api/list-errors';

/** product-rules: Constants: list areas scroll from this height. */
export const LIST_MAX_HEIGHT = 600;

export interface PanelHeaderProps {
  title: string;
  subtitle?: string;
  refreshLabel: string;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The title block of an RM screen with its refresh button. */
export function PanelHeader({
  title,
  subtitle,
  refreshLabel,
  onRefresh,
  refreshing,
}: PanelHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={2} style={{ flex: '1 1 280px' }}>
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        onClick={onRefresh}
        loading={refreshing}
      >
        {refreshLabel}
      </Button>
    </Group>
  );
}

/** The loading state of an RM screen. */
export function PanelLoading({ label, message }: { label: string; message?: string }) {
  return (
    <Center role="status" aria-label={message ?? label} py={64}>
      <Stack align="center" gap="sm">
        <Loader type="dots" />
        {message ? (
          <Text c="dimmed" fw={500}>
            {message}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}

/** The 'Error!' alert of product-rules: Error messages. */
export function PanelError({ message }: { message: string }) {
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      title={ERROR_ALERT_TITLE}
      icon={<IconAlertCircle size={20} />}
    >
      {message}
    </Alert>
  );
}

/** A centred empty-state message, with an optional second line and action. */
export function EmptyState({
  title,
  description,
  action,
  icon,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Center py="xl" px="md">
      <Stack align="center" gap={6} ta="center" maw={420}>
        {icon ? (
          <ThemeIcon size={44} radius="xl" variant="light" color="gray">
            {icon}
          </ThemeIcon>
        ) : null}
        <Text fw={600}>{title}</Text>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Center>
  );
}

/** product-rules: Screens: 'No customers found matching "..."' with a 'Clear search' link. */
export function NoMatches({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <EmptyState
      icon={<IconSearch size={22} />}
      title={`No customers found matching "${search.trim()}"`}
      action={
        <Anchor component="button" type="button" size="sm" fw={600} onClick={onClear}>
          Clear search
        </Anchor>
      }
    />
  );
}

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** Shown small after the value, e.g. "/ 10". */
  suffix?: string;
  hint?: ReactNode;
  color?: MantineColor;
  help?: string;
}

/** One figure of a screen's stats row; a labelled group, so tests and readers find it by name. */
export function StatCard({ label, value, suffix, hint, color, help }: StatCardProps) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="white" role="group" aria-label={label}>
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} lh={1.2}>
          {label}
        </Text>
        {help ? <HelpIcon label={help} /> : null}
      </Group>
      <Group gap={4} align="baseline" mt={6} wrap="nowrap">
        <Text fz={{ base: 22, sm: 26 }} fw={700} lh={1.1} c={color}>
          {value}
        </Text>
        {suffix ? (
          <Text size="sm" c="dimmed">
            {suffix}
          </Text>
        ) : null}
      </Group>
      {hint ? (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** A small info icon that explains a score on hover, focus or tap. */
export function HelpIcon({ label, ariaLabel }: { label: ReactNode; ariaLabel?: string }) {
  return (
    <Tooltip
      label={label}
      multiline
      w={300}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <ThemeIcon
        component="span"
        variant="transparent"
        color="gray"
        size={16}
        tabIndex={0}
        role="img"
        aria-label={ariaLabel ?? (typeof label === 'string' ? label : 'More information')}
        style={{ cursor: 'help' }}
      >
        <IconInfoCircle size={15} />
      </ThemeIcon>
    </Tooltip>
  );
}

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}

/** The search box of the RM screens, with a clear button once something is typed. */
export function SearchInput({ value, onChange, placeholder }: SearchInputProps) {
  return (
    <TextInput
      aria-label="Search customers"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} />}
      rightSection={
        value ? (
          <CloseButton size="sm" aria-label="Clear search text" onClick={() => onChange('')} />
        ) : null
      }
      w="100%"
      maw={{ sm: 420 }}
    />
  );
}

/** A list heading with its "x of total" count. */
export function ListHeading({ title, count }: { title: string; count?: string }) {
  return (
    <Group justify="space-between" gap="xs" mb="sm">
      <Title order={3} fz="lg">
        {title}
      </Title>
      {count ? (
        <Text size="sm" c="dimmed" fw={500}>
          {count}
        </Text>
      ) : null}
    </Group>
  );
}

export interface RmPanelProps<Data> {
  title: string;
  subtitle?: string;
  refreshLabel: string;
  /** The screen's list query: the panel shows its loading, its error and refreshes it. */
  query: UseQueryResult<Data>;
  loadingLabel: string;
  /** Shown under the dots while loading, when the screen has one. */
  loadingMessage?: string;
  errorMessage: string;
  search: string;
  onSearchChange: (value: string) => void;
  searchPlaceholder: string;
  /** The screen once its data has loaded. */
  children: (data: Data) => ReactNode;
  /** The screen's dialogs, mounted whatever the query's state. */
  dialogs?: ReactNode;
}

/**
 * The frame every RM screen shares: title and refresh, the search box, then the loading state,
 * the 'Error!' alert or the screen itself.
 */
export function RmPanel<Data>({
  title,
  subtitle,
  refreshLabel,
  query,
  loadingLabel,
  loadingMessage,
  errorMessage,
  search,
  onSearchChange,
  searchPlaceholder,
  children,
  dialogs,
}: RmPanelProps<Data>) {
  let body;
  if (query.isPending) body = <PanelLoading label={loadingLabel} message={loadingMessage} />;
  else if (query.isError) body = <PanelError message={errorMessage} />;
  else body = children(query.data);

  return (
    <Stack gap="md">
      <PanelHeader
        title={title}
        subtitle={subtitle}
        refreshLabel={refreshLabel}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching && !query.isPending}
      />
      <SearchInput value={search} onChange={onSearchChange} placeholder={searchPlaceholder} />
      {body}
      {dialogs}
    </Stack>
  );
}
