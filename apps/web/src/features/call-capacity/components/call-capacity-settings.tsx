import {
  CALLS_PER_DAY_MAX,
  CALLS_PER_DAY_MIN,
  callsPerDayField,
  type CallCapacityResponse,
} from '@behavio/contract';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { messageOr } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { useCallCapacity, useSetCallCapacity } from '../api/call-capacity';

export const CALL_CAPACITY_TEXT = {
  title: 'Calls per day',
  intro:
    'How many customers Who To Call lists for today: the most urgent who need a call. The default, 20, is about what an RM can do well in a day: considered calls of 10-15 minutes with their preparation and notes fill 5-6 hours, leaving room for meetings and follow-ups.',
  firmLabel: 'Calls per day for the firm',
  ownLabel: 'My calls per day',
  save: 'Save',
  useDefault: 'Use the default',
  followFirm: "Follow the firm's setting",
  saved: 'Calls per day saved',
  loading: 'Loading calls per day',
  loadFailed: 'Could not load calls per day',
  failed: 'Could not save calls per day',
  fallback: 'Something went wrong. Please try again.',
} as const;

function CapacityForm({
  target,
  capacity,
}: {
  target: 'firm' | 'own';
  capacity: CallCapacityResponse;
}) {
  const set = useSetCallCapacity(target);
  const saved = target === 'firm' ? capacity.firm_calls_per_day : capacity.own_calls_per_day;
  const fallback = target === 'firm' ? capacity.default_calls_per_day : null;
  const [value, setValue] = useState<string | number>(saved ?? fallback ?? '');
  const [error, setError] = useState<string | null>(null);

  const save = (next: number | null) => {
    if (next !== null) {
      const checked = callsPerDayField.safeParse(next);
      if (!checked.success) {
        setError(checked.error.issues[0]!.message);
        return;
      }
    }
    setError(null);
    set.mutate(next, {
      onSuccess: (answer) => {
        toast.success({ message: CALL_CAPACITY_TEXT.saved });
        const now = target === 'firm' ? answer.firm_calls_per_day : answer.own_calls_per_day;
        setValue(now ?? fallback ?? '');
      },
      onError: (failure) =>
        toast.error({
          title: CALL_CAPACITY_TEXT.failed,
          message: messageOr(failure, CALL_CAPACITY_TEXT.fallback),
        }),
    });
  };

  const inUse =
    target === 'own'
      ? `Your list holds ${capacity.calls_per_day} a day (the firm's: ${
          capacity.firm_calls_per_day ?? capacity.default_calls_per_day
        }).`
      : `The firm's RMs get ${capacity.firm_calls_per_day ?? capacity.default_calls_per_day} a day unless they set their own.`;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save(value === '' ? null : Number(value));
      }}
    >
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={target === 'firm' ? CALL_CAPACITY_TEXT.firmLabel : CALL_CAPACITY_TEXT.ownLabel}
            value={value}
            onChange={(next) => {
              setValue(next);
              setError(null);
            }}
            min={CALLS_PER_DAY_MIN}
            max={CALLS_PER_DAY_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={error}
            w={200}
          />
          <Button type="submit" loading={set.isPending}>
            {CALL_CAPACITY_TEXT.save}
          </Button>
          {saved !== null ? (
            <Button variant="default" onClick={() => save(null)} disabled={set.isPending}>
              {target === 'firm' ? CALL_CAPACITY_TEXT.useDefault : CALL_CAPACITY_TEXT.followFirm}
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {inUse}
        </Text>
      </Stack>
    </form>
  );
}

/**
 * The daily call capacity in Settings (docs/product-rules.md, "Today's call list"): the admin
 * sets the firm's, an RM may set their own.
 */
export function CallCapacitySettings({ target }: { target: 'firm' | 'own' }) {
  const query = useCallCapacity();
  let body;
  if (query.isPending) body = <LoadingState label={CALL_CAPACITY_TEXT.loading} />;
  else if (query.isError)
    body = (
      <LoadErrorAlert
        title={CALL_CAPACITY_TEXT.loadFailed}
        message={messageOr(query.error, CALL_CAPACITY_TEXT.fallback)}
        query={query}
      />
    );
  else body = <CapacityForm target={target} capacity={query.data} />;
  return (
    <SectionCard labelId="call-capacity" title={CALL_CAPACITY_TEXT.title}>
      <Stack gap="sm">
        <Text size="sm">{CALL_CAPACITY_TEXT.intro}</Text>
        {body}
      </Stack>
    </SectionCard>
  );
}
