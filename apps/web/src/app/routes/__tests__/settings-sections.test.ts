import { describe, expect, it } from 'vitest';
import { settingsSections } from '../app/settings';

describe('settingsSections', () => {
  it.each([
    ['admin', true, ['employees', 'customers', 'audit']],
    ['admin', false, ['locked', 'audit']],
    ['rm', true, ['rmAnalytics']],
    ['rm', false, ['locked']],
    ['head', true, ['employees', 'customers']],
    ['compliance', true, ['employees', 'customers', 'audit']],
    ['compliance', false, ['locked', 'audit']],
    ['view', true, ['customers']],
    ['view', false, ['locked']],
  ] as const)('%s on a %s plan sees %j', (role, paid, sections) => {
    expect(settingsSections(role, paid)).toEqual(sections);
  });
});
