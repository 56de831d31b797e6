import { describe, expect, it } from 'vitest';
import { settingsSections } from '../app/settings';

describe('settingsSections', () => {
  it.each([
    [
      'admin',
      true,
      ['employees', 'customers', 'firmCallCapacity', 'apiKeys', 'audit', 'alertDigest', 'password'],
    ],
    ['admin', false, ['locked', 'firmCallCapacity', 'apiKeys', 'audit', 'alertDigest', 'password']],
    ['rm', true, ['rmAnalytics', 'callCapacity', 'alertDigest', 'password']],
    ['rm', false, ['locked', 'alertDigest', 'password']],
    ['head', true, ['employees', 'customers', 'alertDigest', 'password']],
    ['compliance', true, ['employees', 'customers', 'audit', 'alertDigest', 'password']],
    ['compliance', false, ['locked', 'audit', 'alertDigest', 'password']],
    ['view', true, ['customers', 'alertDigest', 'password']],
    ['view', false, ['locked', 'alertDigest', 'password']],
  ] as const)('%s on a %s plan sees %j', (role, paid, sections) => {
    expect(settingsSections(role, paid)).toEqual(sections);
  });
});
