import {
  Anchor,
  Button,
  Card,
  createTheme,
  Notification,
  Paper,
  PasswordInput,
  type MantineColorsTuple,
} from '@mantine/core';

/** A calm navy blue for a B2B wealth-management audience. */
const brand: MantineColorsTuple = [
  '#edf2fa',
  '#d9e3f2',
  '#b0c4e4',
  '#84a3d6',
  '#6087ca',
  '#4975c3',
  '#3c6bc1',
  '#2e5aaa',
  '#264f98',
  '#1a4387',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  black: '#14213d',
  cursorType: 'pointer',
  components: {
    Button: Button.extend({ defaultProps: { radius: 'md' } }),
    Card: Card.extend({ defaultProps: { radius: 'lg', withBorder: true, padding: 'xl' } }),
    Paper: Paper.extend({ defaultProps: { radius: 'lg' } }),
    Anchor: Anchor.extend({ defaultProps: { underline: 'hover' } }),
    Notification: Notification.extend({ defaultProps: { radius: 'md' } }),
    // Keeps the password text the size of the other inputs (its wrapper defaults to md).
    PasswordInput: PasswordInput.extend({
      styles: { innerInput: { fontSize: 'var(--mantine-font-size-sm)' } },
    }),
  },
});
