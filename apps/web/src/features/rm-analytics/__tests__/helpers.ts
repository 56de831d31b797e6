import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The text of every toast on screen (Mantine renders them into its notifications region). */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('.mantine-Notification-root')).map(
    (toast) => toast.textContent ?? '',
  );
}

/** Waits for a toast containing `text`. */
export async function expectToast(text: string) {
  await waitFor(() => expect(toastTexts().some((t) => t.includes(text))).toBe(true), {
    timeout: 3000,
  });
}

/** The 'Error!' alert of an RM screen (not a toast) and its message. */
export async function expectErrorAlert(message: string) {
  const title = await screen.findByText('Error!');
  const alert = title.closest('[role="alert"]');
  expect(alert).not.toBeNull();
  expect(alert).not.toHaveClass('mantine-Notification-root');
  expect(alert).toHaveTextContent(message);
}
