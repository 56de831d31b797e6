import {
  MESSAGES,
  PASSWORD_MESSAGES,
  PASSWORD_RESET_TTL_MINUTES,
  type CheckUserResponse,
  type ChangePasswordResponse,
  type EmployeeRole,
  type ResetPasswordResponse,
  type RevokedApiKey,
  type TokenResponse,
} from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config/env.js';
import type { Database } from '../../db/schema.js';
import {
  AppError,
  badRequest,
  forbidden,
  tooManyRequests,
  unauthorized,
} from '../../errors/app-error.js';
import type { Session } from '../../plugins/access.js';
import { revokeKeysOnPasswordChange } from '../api-keys/api-keys.service.js';
import type { Mailer } from '../mail/mailer.js';
import { passwordResetEmail, verificationEmail } from '../mail/templates.js';
import { seedDefaultShelf } from '../products/products.service.js';
import * as repo from './auth.repository.js';
import { CodeStore } from './code-store.js';
import { OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from './otp.js';
import { removePendingRegistration } from './pending-accounts.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { TokenService } from './tokens.js';
import type { FirmUsageCounter } from './firm-usage.js';

const UNIQUE_VIOLATION = '23505';

interface Deps {
  db: Kysely<Database>;
  tokens: TokenService;
  mailer: Mailer;
  config: Pick<Config, 'jwtSecret' | 'appName'>;
  logger: Logger;
  firmUsage: FirmUsageCounter;
}

/** An account as its owner names it: an admin by email, an employee by email and admin email. */
export interface AccountRef {
  email: string;
  adminEmail?: string | undefined;
}

export class AuthService {
  private readonly verificationCodes: CodeStore;
  private readonly resetCodes: CodeStore;

  constructor(private readonly deps: Deps) {
    const secret = deps.config.jwtSecret;
    this.verificationCodes = new CodeStore('email_verifications', secret, OTP_TTL_MINUTES);
    this.resetCodes = new CodeStore('password_resets', secret, PASSWORD_RESET_TTL_MINUTES);
  }

  /**
   * The session of a bearer token (the access hook's lookup): undefined for a bad or expired
   * token, a user who no longer exists, a logged-out token or one from before a password change.
   */
  async findSession(token: string): Promise<Session | undefined> {
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return undefined;
    const user = await repo.findSessionForToken(this.deps.db, claims);
    if (!user || user.revoked || user.session_epoch !== claims.sessionEpoch) return undefined;
    return {
      principal: {
        userId: user.id,
        firmId: user.firm_id,
        role: user.role,
        plan: user.plan,
        email: user.email,
      },
      token: { id: claims.tokenId, expiresAt: claims.expiresAt },
    };
  }

  async register(input: {
    name: string;
    email: string;
    password: string;
    businessName: string;
    numberOfEmployees: number;
  }): Promise<{ message: string }> {
    const { db } = this.deps;
    await this.assertNotVerified(input.email);
    const passwordHash = await hashPassword(input.password);
    let userId: string;
    let code: string;
    try {
      ({ userId, code } = await db.transaction().execute(async (trx) => {
        // A registration still waiting for its code is replaced whole (account pre-hijacking,
        // docs/security.md): whoever registered the email first, the password that works
        // after verifying is the one of the registration the mailed code came from.
        await removePendingRegistration(trx, input.email);
        const user = await repo.createFirmWithAdmin(trx, {
          name: input.name,
          email: input.email,
          passwordHash,
          businessName: input.businessName,
          employeeCount: input.numberOfEmployees,
        });
        await seedDefaultShelf(trx, user.firm_id);
        return { userId: user.id, code: await this.verificationCodes.issue(trx, user.id) };
      }));
    } catch (error) {
      // Two registrations of one email at once: the unique index decides, the loser is told why.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        await this.assertNotVerified(input.email);
        throw badRequest(
          MESSAGES.alreadyRegisteredUnverified,
          undefined,
          'email_registered_unverified',
        );
      }
      throw error;
    }
    await this.sendCode(input.email, code, userId);
    return { message: 'OTP sent to your email' };
  }

  /** A verified account keeps its email; a pending registration of it may be replaced. */
  private async assertNotVerified(email: string) {
    const existing = await repo.findAdminByEmail(this.deps.db, email);
    if (existing?.verified_at)
      throw badRequest(MESSAGES.alreadyRegistered, undefined, 'email_registered');
  }

  async verify(input: { email: string; otp: string }): Promise<{ message: string }> {
    const { db } = this.deps;
    const user = await this.unverifiedAdmin(input.email);
    const matched = await this.verificationCodes.check(db, user.id, input.otp);
    await db.transaction().execute(async (trx) => {
      // Two right guesses at once: one uses the code up, the other finds it gone.
      if (!(await this.verificationCodes.consume(trx, matched)))
        throw badRequest(MESSAGES.alreadyVerified);
      await repo.markVerified(trx, user.id);
    });
    return { message: 'Email verified successfully. You can now log in.' };
  }

  async resendOtp(input: { email: string }): Promise<{ message: string }> {
    const user = await this.unverifiedAdmin(input.email);
    const issued = await this.verificationCodes.issueAtMostEvery(
      this.deps.db,
      user.id,
      OTP_RESEND_SECONDS,
    );
    if (!('code' in issued))
      throw tooManyRequests(MESSAGES.resendTooSoon, issued.retryAfterSeconds, 'resend_too_soon');
    await this.sendCode(input.email, issued.code, user.id);
    return { message: 'A new code has been sent to your email' };
  }

  /** The admin with this email, unless it is a registration left unverified past its TTL. */
  private async liveAdmin(email: string) {
    const user = await repo.findAdminByEmail(this.deps.db, email);
    return user && !user.expired ? user : undefined;
  }

  private async unverifiedAdmin(email: string) {
    const user = await this.liveAdmin(email);
    if (!user) throw badRequest(MESSAGES.unknownEmail, undefined, 'unknown_email');
    if (user.verified_at) throw badRequest(MESSAGES.alreadyVerified, undefined, 'already_verified');
    return user;
  }

  private async sendCode(email: string, code: string, userId: string) {
    const mail = verificationEmail(this.deps.config.appName, code, OTP_TTL_MINUTES);
    try {
      await this.deps.mailer.send({
        to: email,
        ...mail,
        logHint: `verification code for ${email}: ${code}`,
      });
    } catch (error) {
      // The account exists either way; the user can ask for a new code once mail works again.
      this.deps.logger.error({ err: error, userId }, 'could not send the verification email');
      throw new AppError(
        'mail_unavailable',
        'We could not send the verification email. Please try again in a minute.',
      );
    }
  }

  async login(input: { email: string; password: string }): Promise<TokenResponse> {
    const user = await repo.findAdminByEmail(this.deps.db, input.email);
    // An expired registration does the same work and gets the same 401 as an unknown email.
    if (!(await verifyPassword(user?.password_hash, input.password)) || !user || user.expired) {
      throw unauthorized(MESSAGES.invalidCredentials, 'invalid_credentials');
    }
    if (!user.verified_at) throw forbidden(MESSAGES.notVerified, 'email_not_verified');
    return this.issueToken(user);
  }

  async loginOthers(input: {
    role: EmployeeRole;
    email: string;
    password: string;
    adminEmail: string;
  }): Promise<TokenResponse> {
    const user = await repo.findEmployeeOfAdmin(this.deps.db, input);
    if (
      !(await verifyPassword(user?.password_hash, input.password)) ||
      !user ||
      !user.admin_verified_at
    ) {
      throw unauthorized(MESSAGES.invalidCredentials, 'invalid_credentials');
    }
    return this.issueToken(user);
  }

  private async issueToken(user: {
    id: string;
    firm_id: string;
    session_epoch: number;
  }): Promise<TokenResponse> {
    const token = await this.deps.tokens.sign({
      userId: user.id,
      firmId: user.firm_id,
      sessionEpoch: user.session_epoch,
    });
    return { token, message: 'Login successful' };
  }

  /** Ends the session of this one token, in every API process (they share the database). */
  async logout(token: {
    tokenId: string;
    userId: string;
    expiresAt: Date;
  }): Promise<{ message: string }> {
    await repo.revokeToken(this.deps.db, token);
    return { message: PASSWORD_MESSAGES.loggedOut };
  }

  /**
   * Mails a reset code to the account, if there is one, at most once a minute. The answer is
   * the same whether the account exists or not, and the mail is sent after answering, so
   * neither the message nor the time taken tells who has an account.
   */
  async forgotPassword(account: AccountRef): Promise<{ message: string }> {
    const user = await repo.findAccount(this.deps.db, account);
    if (user && !user.expired) {
      const issued = await this.resetCodes.issueAtMostEvery(
        this.deps.db,
        user.id,
        OTP_RESEND_SECONDS,
      );
      if ('code' in issued) void this.sendResetCode(account.email, issued.code, user.id);
    }
    return { message: PASSWORD_MESSAGES.resetCodeSent };
  }

  /**
   * Sets a new password with a mailed reset code and ends every earlier session; for the firm's
   * admin, every API key of the firm is revoked too (and listed). An unknown account gets the
   * answer of an account without a pending code, so nothing is enumerated.
   */
  async resetPassword(
    input: AccountRef & { otp: string; password: string },
  ): Promise<ResetPasswordResponse> {
    const { db } = this.deps;
    const user = await repo.findAccount(db, input);
    if (!user || user.expired) throw badRequest(MESSAGES.expiredOtp);
    const matched = await this.resetCodes.check(db, user.id, input.otp);
    const passwordHash = await hashPassword(input.password);
    const revokedApiKeys = await db.transaction().execute(async (trx) => {
      if (!(await this.resetCodes.consume(trx, matched))) throw badRequest(MESSAGES.expiredOtp);
      await repo.replacePassword(trx, user.id, { passwordHash });
      // The code reached the mailbox: an admin who never verified has now proved the address.
      if (!user.verified_at) await repo.markVerified(trx, user.id);
      return this.revokeApiKeysOf(trx, user);
    });
    return {
      message: withRevokedKeys(PASSWORD_MESSAGES.passwordReset, revokedApiKeys),
      revokedApiKeys,
    };
  }

  /** A key made by whoever knew the old password must not outlive it: the admin's go. */
  private async revokeApiKeysOf(
    trx: Parameters<typeof revokeKeysOnPasswordChange>[0],
    user: { id: string; firm_id: string; role: string; email: string },
  ): Promise<RevokedApiKey[]> {
    if (user.role !== 'admin') return [];
    return revokeKeysOnPasswordChange(trx, {
      userId: user.id,
      firmId: user.firm_id,
      role: 'admin',
      email: user.email,
    });
  }

  /**
   * Replaces the signed-in user's password and ends their other sessions: every earlier token
   * is refused, and this session goes on with the new token answered.
   */
  async changePassword(
    session: { userId: string; firmId: string },
    input: { currentPassword: string; newPassword: string },
  ): Promise<ChangePasswordResponse> {
    const { db } = this.deps;
    const user = await repo.findUserCredentials(db, session.userId, session.firmId);
    const wrong = () =>
      badRequest(PASSWORD_MESSAGES.currentPasswordWrong, [
        { path: 'currentPassword', msg: PASSWORD_MESSAGES.currentPasswordWrong },
      ]);
    if (!(await verifyPassword(user?.password_hash, input.currentPassword)) || !user) throw wrong();
    const passwordHash = await hashPassword(input.newPassword);
    const changed = await db.transaction().execute(async (trx) => {
      // Conditional on the hash just verified: of two changes at once, only one applies.
      const sessionEpoch = await repo.replacePassword(trx, user.id, {
        passwordHash,
        expectedHash: user.password_hash,
      });
      if (sessionEpoch === undefined) return undefined;
      return { sessionEpoch, revokedApiKeys: await this.revokeApiKeysOf(trx, user) };
    });
    if (!changed) throw wrong();
    const token = await this.deps.tokens.sign({
      userId: user.id,
      firmId: user.firm_id,
      sessionEpoch: changed.sessionEpoch,
    });
    const { revokedApiKeys } = changed;
    return {
      token,
      message: withRevokedKeys(PASSWORD_MESSAGES.passwordChanged, revokedApiKeys),
      revokedApiKeys,
    };
  }

  private async sendResetCode(email: string, code: string, userId: string) {
    const mail = passwordResetEmail(this.deps.config.appName, code, PASSWORD_RESET_TTL_MINUTES);
    try {
      await this.deps.mailer.send({
        to: email,
        ...mail,
        logHint: `password reset code for ${email}: ${code}`,
      });
    } catch (error) {
      this.deps.logger.error({ err: error, userId }, 'could not send the password reset email');
    }
  }

  async checkUser(userId: string, firmId: string): Promise<CheckUserResponse | undefined> {
    const row = await repo.findSessionUser(this.deps.db, userId, firmId);
    if (!row) return undefined;
    return {
      message: 'User found',
      user: {
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        firmId: row.firm_id,
        businessName: row.business_name || row.firm_name,
        adminEmail: row.admin_email,
        noOfFileUploads: await this.deps.firmUsage.fileUploads(row.firm_id),
        subscription: row.plan,
        credits: row.credits,
      },
    };
  }
}

/** The answer's message, naming the API keys the password change revoked, if any. */
function withRevokedKeys(message: string, keys: RevokedApiKey[]): string {
  if (keys.length === 0) return message;
  const names = keys.map((k) => `"${k.name}"`).join(', ');
  return `${message} ${PASSWORD_MESSAGES.apiKeysRevoked} Revoked: ${names}.`;
}
