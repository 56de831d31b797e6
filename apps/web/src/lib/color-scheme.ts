/**
 * Keys under which colour-mode libraries keep the visitor's choice. The product always starts
 * in light mode and clears any stored value (spec "Start-up").
 */
export const COLOR_SCHEME_STORAGE_KEYS = ['mantine-color-scheme-value', 'chakra-ui-color-mode'];

export function clearStoredColorScheme(storage: Storage | undefined = globalThis.localStorage) {
  try {
    COLOR_SCHEME_STORAGE_KEYS.forEach((key) => storage?.removeItem(key));
  } catch {
    // Storage may be unavailable; there is then nothing stored either.
  }
}
