import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_NAME, getAppName } from '@/config/app-name';
import { clearStoredColorScheme } from '@/lib/color-scheme';

describe('start-up', () => {
  it('clears a stored colour-mode value', () => {
    window.localStorage.setItem('mantine-color-scheme-value', 'dark');
    window.localStorage.setItem('chakra-ui-color-mode', 'dark');
    clearStoredColorScheme();
    expect(window.localStorage.getItem('mantine-color-scheme-value')).toBeNull();
    expect(window.localStorage.getItem('chakra-ui-color-mode')).toBeNull();
  });

  it('reads the product name the server injects, falling back to Behavio', () => {
    const doc = document.implementation.createHTMLDocument('x');
    expect(getAppName(doc)).toBe(DEFAULT_APP_NAME);

    const meta = doc.createElement('meta');
    meta.name = 'application-name';
    meta.content = '  Acme Insights ';
    doc.head.append(meta);
    expect(getAppName(doc)).toBe('Acme Insights');

    meta.content = '';
    expect(getAppName(doc)).toBe('Behavio');
  });
});
