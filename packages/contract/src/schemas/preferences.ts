import { z } from 'zod';

/**
 * How often a user is emailed the alerts they have not read (issue 19): `daily` (the default,
 * at ALERT_DIGEST_CRON) or `off`. Each user sets their own.
 */
export const ALERT_DIGEST_OPTIONS = ['daily', 'off'] as const;
export const ALERT_DIGEST_DEFAULT = 'daily' satisfies AlertDigest;

export const PREFERENCES_MESSAGES = {
  alertDigestInvalid: 'alert_digest must be daily or off',
  /** The setting's name in Settings, which the digest email names too. */
  alertDigestLabel: 'Email me a daily digest of unread alerts',
} as const;

export const alertDigestSchema = z.enum(ALERT_DIGEST_OPTIONS, {
  error: PREFERENCES_MESSAGES.alertDigestInvalid,
});
export type AlertDigest = (typeof ALERT_DIGEST_OPTIONS)[number];

/** The signed-in user's own preferences. */
export const preferencesSchema = z.object({
  /** `daily`: one email a day listing the alerts not yet read; `off`: none. */
  alert_digest: alertDigestSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PUT /api/auth/preferences: the preferences to keep. */
export const preferencesRequestSchema = preferencesSchema;
export type PreferencesRequest = z.input<typeof preferencesRequestSchema>;
