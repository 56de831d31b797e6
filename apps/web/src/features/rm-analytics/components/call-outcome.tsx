import {
  CALL_OUTCOME_MESSAGES,
  callOutcomeRequestSchema,
  type CallOutcomeRequest,
  type CallOutcomeResponse,
} from '@behavio/contract';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconClockPause, IconPhoneCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError, messageOr } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form-schema';
import { toast, undoableToast } from '@/lib/notify';
import {
  CALL_OUTCOME_TEXT,
  useReopenCustomer,
  type useRecordCallOutcome,
} from '../api/record-call-outcome';
import { SNOOZE_DAYS, formatIsoDay, snoozeLabel, snoozeUntil } from '../utils/snooze';

/** Not in the spec (asked for by the product owner): what the RM did about a call. */
export const OUTCOME_LABELS = { called: 'Mark called', snoozed: 'Snooze', dismissed: 'Dismiss' };
export const REASON_MAX = 500;

export type OutcomeDialog = { kind: 'snoozed' | 'dismissed'; customerId: string } | null;

export interface CallOutcomeActionsProps {
  customerId: string;
  /** Labelled buttons (mobile cards) rather than icons with tooltips (the table). */
  withLabels?: boolean;
  busy: boolean;
  disabled: boolean;
  onMarkCalled: () => void;
  onOpen: (kind: 'snoozed' | 'dismissed') => void;
}

/** 'Mark called', 'Snooze' and 'Dismiss' for one customer of the call list. */
export function CallOutcomeActions({
  customerId,
  withLabels = false,
  busy,
  disabled,
  onMarkCalled,
  onOpen,
}: CallOutcomeActionsProps) {
  const actions = [
    {
      key: 'called',
      label: OUTCOME_LABELS.called,
      icon: <IconPhoneCheck size={16} />,
      color: 'teal',
      onClick: onMarkCalled,
      loading: busy,
    },
    {
      key: 'snoozed',
      label: OUTCOME_LABELS.snoozed,
      icon: <IconClockPause size={16} />,
      color: 'blue',
      onClick: () => onOpen('snoozed'),
      loading: false,
    },
    {
      key: 'dismissed',
      label: OUTCOME_LABELS.dismissed,
      icon: <IconX size={16} />,
      color: 'gray',
      onClick: () => onOpen('dismissed'),
      loading: false,
    },
  ];
  // The labelled buttons and the icon buttons differ only in what they show.
  const buttonProps = (action: (typeof actions)[number]) => ({
    variant: 'light' as const,
    color: action.color,
    onClick: action.onClick,
    loading: action.loading,
    disabled: disabled && !action.loading,
    'aria-label': `${action.label} ${customerId}`,
  });

  if (withLabels) {
    return (
      <SimpleGrid cols={3} spacing={6}>
        {actions.map((action) => (
          <Button key={action.key} size="xs" px={4} {...buttonProps(action)}>
            {action.label}
          </Button>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((action) => (
        <Tooltip key={action.key} label={action.label} withArrow>
          <ActionIcon {...buttonProps(action)}>{action.icon}</ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

type Mutation = ReturnType<typeof useRecordCallOutcome>;

function applyServerErrors(
  error: unknown,
  setFieldError: (path: string, message: string) => void,
  field: 'snooze_until' | 'reason',
): boolean {
  const match = isApiError(error) ? error.errors?.find((entry) => entry.path === field) : undefined;
  if (!match) return false;
  setFieldError(field, match.msg);
  return true;
}

export function outcomeFailed(error: unknown) {
  toast.error({
    title: CALL_OUTCOME_TEXT.failedTitle,
    message: messageOr(error, CALL_OUTCOME_TEXT.failedFallback),
  });
}

/**
 * The toast of a recorded outcome, with Undo: one click can take an urgent customer off the
 * list, so it can be put back (recorded as 'reopened', the record stays append-only).
 */
export function useOutcomeRecordedToast() {
  const reopen = useReopenCustomer();
  return (answer: CallOutcomeResponse, message: string) =>
    undoableToast({
      title: answer.message,
      message,
      onUndo: () =>
        reopen.mutate(answer.customer_id, {
          onSuccess: () => toast.info({ message: CALL_OUTCOME_TEXT.reopened(answer.customer_id) }),
          onError: outcomeFailed,
        }),
    });
}

/** 'Cancel' and the submit button at the foot of an outcome dialog. */
function DialogButtons({
  submitLabel,
  submitColor,
  busy,
  onCancel,
}: {
  submitLabel: string;
  submitColor?: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" color={submitColor} loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}

interface DialogProps {
  customerId: string;
  mutation: Mutation;
  onClose: () => void;
}

function SnoozeForm({ customerId, mutation, onClose }: DialogProps) {
  const recorded = useOutcomeRecordedToast();
  const [days, setDays] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = SNOOZE_DAYS.map((value) => ({
    value: String(value),
    label: `${snoozeLabel(value)} (${formatIsoDay(snoozeUntil(value))})`,
  }));

  const submit = () => {
    if (!days) {
      setError(CALL_OUTCOME_MESSAGES.snoozeDateRequired);
      return;
    }
    const until = snoozeUntil(Number(days));
    const body: CallOutcomeRequest = {
      customer_id: customerId,
      outcome: 'snoozed',
      snooze_until: until,
    };
    mutation.mutate(body, {
      onSuccess: (answer) => {
        recorded(answer, CALL_OUTCOME_TEXT.snoozed(customerId, formatIsoDay(until)));
        onClose();
      },
      onError: (failure) => {
        if (!applyServerErrors(failure, (_path, msg) => setError(msg), 'snooze_until')) {
          outcomeFailed(failure);
        }
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {customerId} leaves the call list until the chosen date, or sooner if the recommendation
          changes.
        </Text>
        <Select
          label="Snooze until"
          placeholder="Choose when to call again"
          data={options}
          value={days}
          onChange={(value) => {
            setDays(value);
            setError(null);
          }}
          error={error}
          withAsterisk
          allowDeselect={false}
        />
        <DialogButtons submitLabel="Snooze" busy={mutation.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

function DismissForm({ customerId, mutation, onClose }: DialogProps) {
  const recorded = useOutcomeRecordedToast();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: schemaResolver(callOutcomeRequestSchema, (values: { reason: string }) => ({
      customer_id: customerId,
      outcome: 'dismissed',
      reason: values.reason,
    })),
  });

  const submit = (values: { reason: string }) => {
    mutation.mutate(
      { customer_id: customerId, outcome: 'dismissed', reason: values.reason.trim() },
      {
        onSuccess: (answer) => {
          recorded(answer, CALL_OUTCOME_TEXT.dismissed(customerId));
          onClose();
        },
        onError: (failure) => {
          if (!applyServerErrors(failure, form.setFieldError, 'reason')) outcomeFailed(failure);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {customerId} leaves the call list until the recommendation changes.
        </Text>
        <Textarea
          label="Reason"
          placeholder="Why is a call not needed?"
          withAsterisk
          autosize
          minRows={3}
          maxRows={6}
          description={`${form.values.reason.length}/${REASON_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('reason')}
        />
        <DialogButtons
          submitLabel="Dismiss"
          submitColor="red"
          busy={mutation.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}

const OUTCOME_FORMS = { snoozed: SnoozeForm, dismissed: DismissForm };

/** The Snooze and Dismiss dialogs of the call list. */
export function OutcomeDialogs({
  dialog,
  mutation,
  onClose,
}: {
  dialog: OutcomeDialog;
  mutation: Mutation;
  onClose: () => void;
}) {
  const customerId = dialog?.customerId ?? '';
  return (
    <>
      {(['snoozed', 'dismissed'] as const).map((kind) => {
        const Form = OUTCOME_FORMS[kind];
        const opened = dialog?.kind === kind;
        return (
          <Modal
            key={kind}
            opened={opened}
            onClose={onClose}
            title={`${OUTCOME_LABELS[kind]} ${customerId}`}
            centered
          >
            {opened ? <Form customerId={customerId} mutation={mutation} onClose={onClose} /> : null}
          </Modal>
        );
      })}
    </>
  );
}
