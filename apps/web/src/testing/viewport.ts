import { vi } from 'vitest';

/**
 * Makes `window.matchMedia` answer min-width / max-width queries for a screen `width` px wide
 * (1em = 16px), so components that pick a layout with `useMediaQuery` render that layout.
 * Restored after the test by the `unstubGlobals` setting.
 */
export function mockViewport(width: number) {
  const toPx = (value: string, unit: string) => Number(value) * (unit === 'px' ? 1 : 16);
  const matches = (query: string) => {
    const min = /min-width:\s*([\d.]+)(px|em|rem)/.exec(query);
    const max = /max-width:\s*([\d.]+)(px|em|rem)/.exec(query);
    if (min && width < toPx(min[1]!, min[2]!)) return false;
    if (max && width > toPx(max[1]!, max[2]!)) return false;
    return Boolean(min || max);
  };
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => {
    return {
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}

export const DESKTOP_WIDTH = 1280;
export const MOBILE_WIDTH = 390;
