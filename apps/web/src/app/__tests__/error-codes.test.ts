import { BILLING_MESSAGES, MESSAGES } from '@behavio/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, endsSession, hasCode } from '@/lib/api-client';
import { describeRegisterError } from '@/features/auth/api/register';
import { isUnverifiedLogin } from '@/features/auth/api/login';
import { describeListError, RM_LIST_ERRORS } from '@/features/rm-analytics/api/list-errors';

/** An answer as the API client builds it from a failed response. */
const answer = (status: number, body: unknown) =>
  new ApiError({
    kind: 'http',
    status,
    body,
    serverMessage: (body as { message?: string }).message,
  });

describe('the web decides on the error code, not on the text', () => {
  it('reads the code from the body, and falls back to the generic code of the status', () => {
    expect(answer(400, { message: 'x', code: 'already_subscribed' }).code).toBe(
      'already_subscribed',
    );
    expect(answer(404, { message: 'x' }).code).toBe('not_found');
    expect(answer(403, { message: 'x', code: 'no_such_code' }).code).toBe('forbidden');
    expect(new ApiError({ kind: 'network' }).code).toBeUndefined();
  });

  it('ends the session on invalid_token only', () => {
    expect(
      endsSession(answer(420, { message: MESSAGES.invalidToken, code: 'invalid_token' })),
    ).toBe(true);
    expect(endsSession(answer(403, { message: MESSAGES.invalidToken, code: 'forbidden' }))).toBe(
      false,
    );
    expect(hasCode(new Error('invalid_token'), 'invalid_token')).toBe(false);
  });

  it('register: an already-registered answer is known by its code, whatever its words', () => {
    expect(
      describeRegisterError(answer(400, { message: 'Taken.', code: 'email_registered' })),
    ).toMatchObject({
      type: 'already-registered',
      verified: true,
    });
    expect(
      describeRegisterError(
        answer(400, { message: 'Taken.', code: 'email_registered_unverified' }),
      ),
    ).toMatchObject({ type: 'already-registered', verified: false });
    // The old words without the code are just a message to show.
    expect(
      describeRegisterError(
        answer(400, { message: MESSAGES.alreadyRegistered, code: 'bad_request' }),
      ),
    ).toMatchObject({ type: 'toast', message: MESSAGES.alreadyRegistered });
  });

  it('login: only email_not_verified offers verification, not any 403', () => {
    expect(isUnverifiedLogin(answer(403, { message: 'x', code: 'email_not_verified' }))).toBe(true);
    expect(
      isUnverifiedLogin(answer(403, { message: MESSAGES.notVerified, code: 'forbidden' })),
    ).toBe(false);
  });

  it('RM lists: a subscription_required refusal shows the server text, other refusals the fixed one', () => {
    const refusal = answer(403, {
      message: MESSAGES.purchaseSubscription,
      code: 'subscription_required',
    });
    expect(describeListError(refusal, RM_LIST_ERRORS.whoToCall)).toBe(
      MESSAGES.purchaseSubscription,
    );
    const roleRefusal = answer(403, {
      message: MESSAGES.purchaseSubscription,
      code: 'role_forbidden',
    });
    expect(describeListError(roleRefusal, RM_LIST_ERRORS.whoToCall)).toBe(RM_LIST_ERRORS.whoToCall);
  });

  it('subscription: already_subscribed is known by its code, on either message', () => {
    for (const message of [
      BILLING_MESSAGES.alreadySubscribed,
      BILLING_MESSAGES.alreadySubscribedUseUpdate,
    ])
      expect(
        hasCode(answer(400, { message, code: 'already_subscribed' }), 'already_subscribed'),
      ).toBe(true);
    expect(
      hasCode(answer(400, { message: BILLING_MESSAGES.alreadySubscribed }), 'already_subscribed'),
    ).toBe(false);
  });
});
