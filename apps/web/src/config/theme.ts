import {
  Anchor,
  Button,
  Card,
  createTheme,
  Drawer,
  darken,
  luminance,
  Modal,
  Notification,
  Paper,
  PasswordInput,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  DEFAULT_THEME,
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

/**
 * Mantine's green with a darker last shade: the job-status and risk badges write white on
 * green.9, and Mantine's #2b8a3e gives 4.4:1 at their 11px bold text (WCAG AA needs 4.5:1).
 */
const green: MantineColorsTuple = [
  ...(DEFAULT_THEME.colors.green.slice(0, 9) as string[]),
  '#237032',
] as unknown as MantineColorsTuple;

export const theme = createTheme({
  // Filled badges and buttons pick black or white text, whichever their colour reads best with.
  autoContrast: true,
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, green },
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
    // Every close button says what it closes (an icon alone has no name, WCAG 4.1.2).
    Notification: Notification.extend({
      defaultProps: { radius: 'md', closeButtonProps: { 'aria-label': 'Close notification' } },
      // Long titles and messages wrap instead of being cut off; the message keeps AA contrast.
      styles: {
        title: { overflowWrap: 'anywhere' },
        description: { overflowWrap: 'anywhere', color: 'var(--mantine-color-dimmed)' },
      },
    }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Keeps the password text the size of the other inputs (its wrapper defaults to md).
    PasswordInput: PasswordInput.extend({
      styles: { innerInput: { fontSize: 'var(--mantine-font-size-sm)' } },
    }),
  },
});

/**
 * WCAG 2.2 AA (1.4.3): normal text needs 4.5:1. The margin is for the light variants, whose
 * background blends another shade than the tint assumed here (a 4.6 target measured 4.46).
 */
const TEXT_CONTRAST = 4.9;

function contrast(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The shade of `color`, darkened in small steps until it reads at AA on `background`. */
export function readableOn(color: string, background: string) {
  let shade = color;
  for (let step = 0; contrast(shade, background) < TEXT_CONTRAST && step < 40; step++)
    shade = darken(shade, 0.05);
  return shade;
}

/**
 * Mantine's light-scheme text colours fail AA contrast: `dimmed` is gray.6 (#868e96, 3.3:1 on
 * white), and the light and outline variants write a colour's primary shade on its 10% tint
 * (orange 2.7:1, yellow 2.0:1, teal 2.8:1). Every such text colour is darkened until it passes on
 * the background it sits on; the palette itself, and so every fill and border, stays as it is.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {
    // gray.6 → #5c636a: 6.1:1 on white, 5.1:1 on gray.2, the darkest surface it is written on.
    '--mantine-color-dimmed': '#5c636a',
    // Placeholders stay grey (#6c757d, 4.7:1) and never take the error colour: a red
    // placeholder in a failed form reads as a filled-in value.
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': readableOn(resolved.colors.red[7], '#ffffff'),
  };
  for (const [name, shades] of Object.entries(resolved.colors)) {
    const shade = shades[7];
    const tint = blendOnWhite(shade, 0.1);
    const onTint = readableOn(shade, tint);
    light[`--mantine-color-${name}-light-color`] = onTint;
    light[`--mantine-color-${name}-outline`] = onTint;
    light[`--mantine-color-${name}-text`] = readableOn(shade, '#ffffff');
    // autoContrast writes white on a dark fill and black on a light one (the threshold below
    // is Mantine's); a dark fill is darkened until the white text on it passes too.
    if (luminance(shade) <= resolved.luminanceThreshold) {
      const filled = readableOn(shade, '#ffffff');
      light[`--mantine-color-${name}-filled`] = filled;
      light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    }
  }
  return { variables: {}, light, dark: {} };
};

/** The opaque colour of `color` at `opacity` over white (a light variant's background). */
function blendOnWhite(color: string, opacity: number) {
  const channels = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c * opacity + 255 * (1 - opacity))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
