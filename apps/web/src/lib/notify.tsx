import { TOAST_MS } from '@behavio/contract';
import { Button, Group, Text } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastInput {
  /** Spec toasts written "Title: message" use both; one-line toasts use only `message`. */
  title?: string;
  message: string;
  /** Defaults to the general 3 s of product-rules: Constants; pass a TOAST_MS value for the others. */
  durationMs?: number;
  /** Defaults to the toast's kind and text, so an identical toast never stacks on one still up. */
  id?: string;
  /** A button in the toast (e.g. Undo); the toast closes when it is pressed. */
  action?: { label: string; onClick: () => void };
}

const LOOK: Record<ToastKind, { color: string; icon: ReactNode }> = {
  success: { color: 'teal', icon: <IconCheck size={18} stroke={2} /> },
  error: { color: 'red', icon: <IconX size={18} stroke={2} /> },
  warning: { color: 'orange', icon: <IconAlertTriangle size={18} stroke={2} /> },
  info: { color: 'blue', icon: <IconInfoCircle size={18} stroke={2} /> },
};

/**
 * A toast with an action (Undo) belongs to the one thing it undoes, so it always gets its own
 * id; any other toast is identified by what it says, and Mantine ignores a toast whose id is
 * already showing (two submits of a failed form show one 'Please fix form errors').
 */
function toastId(kind: ToastKind, { id, title, message, action }: ToastInput) {
  if (id) return id;
  return action ? randomId() : `${kind}:${title ?? ''}:${message}`;
}

function show(kind: ToastKind, input: ToastInput) {
  const { title, message, durationMs = TOAST_MS.general, action } = input;
  const id = toastId(kind, input);
  return notifications.show({
    id,
    color: LOOK[kind].color,
    icon: LOOK[kind].icon,
    title,
    message: action ? (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{message}</Text>
        {/* Never squeezed: "Undo" stays whole beside a long message. */}
        <Button
          size="compact-sm"
          variant="subtle"
          style={{ flexShrink: 0 }}
          onClick={() => {
            notifications.hide(id);
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      </Group>
    ) : (
      message
    ),
    autoClose: durationMs,
    withBorder: true,
  });
}

/** Long enough to reach the Undo button; beyond the spec, whose toasts have no action. */
const UNDO_TOAST_MS = 8000;
const UNDO_LABEL = 'Undo';

/**
 * The success toast of something one click did that can be taken back (a call outcome, a
 * product outcome): its message and an Undo button, up for UNDO_TOAST_MS.
 */
export function undoableToast({
  title,
  message,
  onUndo,
}: {
  title: string;
  message: string;
  onUndo: () => void;
}) {
  return show('success', {
    title,
    message,
    durationMs: UNDO_TOAST_MS,
    action: { label: UNDO_LABEL, onClick: onUndo },
  });
}

/**
 * Toast helpers over Mantine notifications, with the durations of product-rules: Constants (TOAST_MS).
 * Example: `toast.warning({ title: 'Too many attempts', message: '...', durationMs: TOAST_MS.tooManyAttempts })`.
 */
export const toast = {
  success: (input: ToastInput) => show('success', input),
  error: (input: ToastInput) => show('error', input),
  warning: (input: ToastInput) => show('warning', input),
  info: (input: ToastInput) => show('info', input),
};
