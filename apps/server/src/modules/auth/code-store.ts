import { MESSAGES } from '@behavio/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { badRequest } from '../../errors/app-error.js';
import { OTP_MAX_ATTEMPTS, generateOtp, hashOtp, otpMatches } from './otp.js';

/** The tables of emailed 6-digit codes: one pending code per user in each. */
export type CodeTable = 'email_verifications' | 'password_resets';

/** A guess that matched, to be consumed in the transaction that acts on it. */
export interface MatchedCode {
  userId: string;
  codeHash: string;
}

/**
 * Emailed one-time codes (sign-up verification, password reset): stored as an HMAC, valid for
 * a while, single use, and at most OTP_MAX_ATTEMPTS guesses compared whatever the concurrency.
 *
 * Every limit is one conditional statement, so parallel requests cannot slip past it: a guess
 * first claims an attempt (`attempts < max`, raised in the same update), and only a claimed
 * guess is compared; a matching code is consumed by a delete that only one request can win; a
 * resend replaces the code only when the last one is old enough.
 */
export class CodeStore {
  constructor(
    private readonly table: CodeTable,
    private readonly secret: string,
    private readonly ttlMinutes: number,
  ) {}

  /** Creates (or replaces) the user's code and answers it, to be mailed. */
  async issue(db: Executor, userId: string): Promise<string> {
    const code = generateOtp();
    const values = this.valuesFor(userId, code);
    await db
      .insertInto(this.table)
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return code;
  }

  /**
   * Replaces the user's code unless the last one was sent less than `seconds` ago; answers the
   * new code, or the seconds left to wait. Atomic: two parallel requests send one code.
   */
  async issueAtMostEvery(
    db: Executor,
    userId: string,
    seconds: number,
  ): Promise<{ code: string } | { retryAfterSeconds: number }> {
    const code = generateOtp();
    const values = this.valuesFor(userId, code);
    const written = await db
      .insertInto(this.table)
      .values({ user_id: userId, ...values })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet(values)
          .where(
            `${this.table}.sent_at`,
            '<=',
            sql<Date>`now() - make_interval(secs => ${seconds})`,
          ),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (written) return { code };
    const pending = await db
      .selectFrom(this.table)
      .select(
        sql<number>`extract(epoch from sent_at + make_interval(secs => ${seconds}) - now())`.as(
          'wait',
        ),
      )
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { retryAfterSeconds: Math.max(1, Math.ceil(Number(pending?.wait ?? seconds))) };
  }

  /**
   * Compares one guess, if the code still allows one: throws the user-facing 400 for a missing
   * or expired code, a wrong code, or one guess too many (which voids the code).
   */
  async check(db: Executor, userId: string, guess: string): Promise<MatchedCode> {
    const claimed = await db
      .updateTable(this.table)
      .set({ attempts: sql`attempts + 1` })
      .where('user_id', '=', userId)
      .where('attempts', '<', OTP_MAX_ATTEMPTS)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['code_hash', 'attempts'])
      .executeTakeFirst();
    if (!claimed) {
      const spent = await db
        .deleteFrom(this.table)
        .where('user_id', '=', userId)
        .where('attempts', '>=', OTP_MAX_ATTEMPTS)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id')
        .executeTakeFirst();
      throw spent
        ? badRequest(MESSAGES.otpAttemptsExceeded, undefined, 'otp_attempts_exceeded')
        : badRequest(MESSAGES.expiredOtp, undefined, 'otp_expired');
    }
    if (otpMatches(this.secret, userId, guess, claimed.code_hash))
      return { userId, codeHash: claimed.code_hash };
    if (claimed.attempts < OTP_MAX_ATTEMPTS)
      throw badRequest(MESSAGES.invalidOtp, undefined, 'otp_invalid');
    // The last guess was wrong: the code is void (only this one, not a newer code sent since).
    await this.delete(db, userId, claimed.code_hash);
    throw badRequest(MESSAGES.otpAttemptsExceeded, undefined, 'otp_attempts_exceeded');
  }

  /** Uses a matched code up; false when a parallel request already did (single use). */
  async consume(db: Executor, matched: MatchedCode): Promise<boolean> {
    return (await this.delete(db, matched.userId, matched.codeHash)) !== undefined;
  }

  /** When the user's pending code was sent, if there is one. */
  async sentAt(db: Executor, userId: string): Promise<Date | undefined> {
    const row = await db
      .selectFrom(this.table)
      .select('sent_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.sent_at;
  }

  private delete(db: Executor, userId: string, codeHash: string) {
    return db
      .deleteFrom(this.table)
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .returning('user_id')
      .executeTakeFirst();
  }

  private valuesFor(userId: string, code: string) {
    return {
      code_hash: hashOtp(this.secret, userId, code),
      expires_at: new Date(Date.now() + this.ttlMinutes * 60_000),
      attempts: 0,
      sent_at: sql<Date>`now()`,
    };
  }
}
