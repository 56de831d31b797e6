import {
  Group,
  NativeSelect,
  Select,
  Stack,
  Text,
  type NativeSelectProps,
  type SelectProps,
} from '@mantine/core';
import { useMemo } from 'react';
import { useRms } from '../api/customers';
import { customerCount } from '../utils/display';

export interface RmSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'renderOption'
> {
  value: string | null;
  onChange: (rmId: string | null) => void;
  /** RMs left out of the choice, e.g. the customer's current RM for a reassign. */
  excludeIds?: readonly string[];
}

/** A searchable choice of the firm's RMs (GET /content/list-rms), with each RM's book size. */
export function RmSelect({ value, onChange, excludeIds, disabled, ...props }: RmSelectProps) {
  const rmsQuery = useRms();
  const rms = useMemo(() => rmsQuery.data?.rms ?? [], [rmsQuery.data]);
  const counts = useMemo(
    () => new Map(rms.map((rm) => [rm.rm_id, { email: rm.email, count: rm.customer_count }])),
    [rms],
  );
  const data = useMemo(
    () =>
      rms
        .filter((rm) => !excludeIds?.includes(rm.rm_id))
        .map((rm) => ({ value: rm.rm_id, label: rm.full_name })),
    [rms, excludeIds],
  );
  const none = rmsQuery.isSuccess && rms.length === 0;

  return (
    <Select
      placeholder={none ? 'No relationship managers yet' : 'Select RM'}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      searchable
      nothingFoundMessage="No relationship manager found"
      disabled={disabled || none || rmsQuery.isError}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => {
        const info = counts.get(option.value);
        return (
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{option.label}</Text>
              {info ? (
                <Text size="xs" c="dimmed">
                  {customerCount(info.count)}
                </Text>
              ) : null}
            </Group>
            {info ? (
              <Text size="xs" c="dimmed">
                {info.email}
              </Text>
            ) : null}
          </Stack>
        );
      }}
      {...props}
    />
  );
}

export interface RmNativeSelectProps extends Omit<
  NativeSelectProps,
  'data' | 'value' | 'onChange'
> {
  value: string | null;
  onChange: (rmId: string | null) => void;
  excludeIds?: readonly string[];
}

/**
 * The same choice as a native select, for the table rows: 25 rows of comboboxes are heavy, and
 * on a phone the native picker is the easier one to use.
 */
export function RmNativeSelect({
  value,
  onChange,
  excludeIds,
  disabled,
  ...props
}: RmNativeSelectProps) {
  const rmsQuery = useRms();
  const rms = useMemo(() => rmsQuery.data?.rms ?? [], [rmsQuery.data]);
  const data = useMemo(() => {
    const names = new Map<string, number>();
    for (const rm of rms) names.set(rm.full_name, (names.get(rm.full_name) ?? 0) + 1);
    return [
      { value: '', label: rms.length === 0 ? 'No RMs yet' : 'Select RM', disabled: true },
      ...rms
        .filter((rm) => !excludeIds?.includes(rm.rm_id))
        .map((rm) => ({
          value: rm.rm_id,
          // Two RMs with one name are told apart by their email.
          label:
            (names.get(rm.full_name) ?? 0) > 1 ? `${rm.full_name} (${rm.email})` : rm.full_name,
        })),
    ];
  }, [rms, excludeIds]);

  return (
    <NativeSelect
      data={data}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      disabled={disabled || rms.length === 0}
      {...props}
    />
  );
}
