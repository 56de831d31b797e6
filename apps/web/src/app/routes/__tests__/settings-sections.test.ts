import { describe, expect, it } from 'vitest';
import { settingsSections } from '../app/settings';

describe('settingsSections', () => {
  it.each([
    ['admin', true, ['employees', 'customers', 'audit', 'password']],
    ['admin', false, ['locked', 'audit', 'password']],
    ['rm', true, ['rmAnalytics', 'password']],
    ['rm', false, ['locked', 'password']],
    ['head', true, ['employees', 'customers', 'password']],
    ['compliance', true, ['employees', 'customers', 'audit', 'password']],
    ['compliance', false, ['locked', 'audit', 'password']],
    ['view', true, ['customers', 'password']],
    ['view', false, ['locked', 'password']],
  ] as const)('%s on a %s plan sees %j', (role, paid, sections) => {
    expect(settingsSections(role, paid)).toEqual(sections);
  });
});
