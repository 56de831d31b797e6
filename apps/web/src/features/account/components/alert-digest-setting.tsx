import { PREFERENCES_MESSAGES, type Preferences } from '@behavio/contract';
import { Stack, Switch, Text } from '@mantine/core';
import { LoadErrorAlert, LoadingState } from '@/components/ui/query-states/query-states';
import { SectionCard } from '@/components/ui/section-card/section-card';
import { messageOr } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { usePreferences, useSetPreferences } from '../api/preferences';

export const ALERT_DIGEST_TEXT = {
  title: 'Email notifications',
  label: PREFERENCES_MESSAGES.alertDigestLabel,
  description:
    'One email a day listing the alerts you have not read yet, each with a link to its customer. No email on a day without new unread alerts.',
  turnedOn: 'Daily alert digest turned on',
  turnedOff: 'Daily alert digest turned off',
  loading: 'Loading your email preferences',
  loadFailed: 'Could not load your email preferences',
  failed: 'Could not save your email preference',
  fallback: 'Something went wrong. Please try again.',
} as const;

const DESCRIPTION_ID = 'alert-digest-description';

function DigestSwitch({ preferences }: { preferences: Preferences }) {
  const set = useSetPreferences();
  // While saving, the switch shows the value asked for; a failure puts it back.
  const checked = set.isPending
    ? set.variables.alert_digest === 'daily'
    : preferences.alert_digest === 'daily';
  return (
    <Switch
      label={ALERT_DIGEST_TEXT.label}
      aria-describedby={DESCRIPTION_ID}
      checked={checked}
      disabled={set.isPending}
      onChange={(event) =>
        set.mutate(
          { alert_digest: event.currentTarget.checked ? 'daily' : 'off' },
          {
            onSuccess: (answer) =>
              toast.success({
                message:
                  answer.alert_digest === 'daily'
                    ? ALERT_DIGEST_TEXT.turnedOn
                    : ALERT_DIGEST_TEXT.turnedOff,
              }),
            onError: (failure) =>
              toast.error({
                title: ALERT_DIGEST_TEXT.failed,
                message: messageOr(failure, ALERT_DIGEST_TEXT.fallback),
              }),
          },
        )
      }
    />
  );
}

/** The signed-in user's own email preference in Settings: the daily digest of unread alerts. */
export function AlertDigestSetting() {
  const query = usePreferences();
  let body;
  if (query.isPending) body = <LoadingState label={ALERT_DIGEST_TEXT.loading} />;
  else if (query.isError)
    body = (
      <LoadErrorAlert
        title={ALERT_DIGEST_TEXT.loadFailed}
        message={messageOr(query.error, ALERT_DIGEST_TEXT.fallback)}
        query={query}
      />
    );
  else body = <DigestSwitch preferences={query.data} />;
  return (
    <SectionCard labelId="email-notifications" title={ALERT_DIGEST_TEXT.title}>
      <Stack gap="sm">
        <Text size="sm" id={DESCRIPTION_ID}>
          {ALERT_DIGEST_TEXT.description}
        </Text>
        {body}
      </Stack>
    </SectionCard>
  );
}
