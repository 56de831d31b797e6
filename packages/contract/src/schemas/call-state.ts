import { z } from 'zod';

/**
 * Where a customer stands on the RM's call list (issue 20, item 5), carried by every RM list
 * item so every screen shows the same truth: 'called', 'snoozed' or 'dismissed' while the RM's
 * latest outcome still holds for the current recommendation (a snooze until its date), null when
 * the customer needs a call. Optional in the contract so the spec's item shape still validates.
 */
export const CALL_STATES = ['called', 'snoozed', 'dismissed'] as const;
export const callStateSchema = z.enum(CALL_STATES);
export type CallState = z.infer<typeof callStateSchema>;

export const callStateField = callStateSchema.nullable().optional();
