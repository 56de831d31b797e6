import {
  MESSAGES,
  type CheckUserResponse,
  type EmployeeRole,
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
import type { Mailer } from '../mail/mailer.js';
import { verificationEmail } from '../mail/templates.js';
import * as repo from './auth.repository.js';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  generateOtp,
  hashOtp,
  otpMatches,
} from './otp.js';
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

export class AuthService {
  constructor(private readonly deps: Deps) {}

  async register(input: {
    name: string;
    email: string;
    password: string;
    businessName: string;
    numberOfEmployees: number;
  }): Promise<{ message: string }> {
    const { db } = this.deps;
    await this.assertEmailFree(input.email);
    const passwordHash = await hashPassword(input.password);
    const code = generateOtp();
    let userId: string;
    try {
      userId = await db.transaction().execute(async (trx) => {
        const user = await repo.createFirmWithAdmin(trx, {
          name: input.name,
          email: input.email,
          passwordHash,
          businessName: input.businessName,
          employeeCount: input.numberOfEmployees,
        });
        await repo.saveVerificationCode(trx, {
          userId: user.id,
          codeHash: hashOtp(this.deps.config.jwtSecret, user.id, code),
          expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
        });
        return user.id;
      });
    } catch (error) {
      // Two registrations of one email at once: the unique index decides, the loser is told why.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION)
        throw badRequest(
          MESSAGES.alreadyRegisteredUnverified,
          undefined,
          'email_registered_unverified',
        );
      throw error;
    }
    await this.sendCode(input.email, code, userId);
    return { message: 'OTP sent to your email' };
  }

  private async assertEmailFree(email: string) {
    const existing = await repo.findAdminByEmail(this.deps.db, email);
    if (!existing) return;
    throw existing.verified_at
      ? badRequest(MESSAGES.alreadyRegistered, undefined, 'email_registered')
      : badRequest(MESSAGES.alreadyRegisteredUnverified, undefined, 'email_registered_unverified');
  }

  async verify(input: { email: string; otp: string }): Promise<{ message: string }> {
    const { db, config } = this.deps;
    const user = await this.unverifiedAdmin(input.email);
    const verification = await repo.findVerification(db, user.id);
    if (!verification || verification.expires_at.getTime() < Date.now())
      throw badRequest(MESSAGES.expiredOtp, undefined, 'otp_expired');
    if (verification.attempts >= OTP_MAX_ATTEMPTS)
      throw badRequest(MESSAGES.otpAttemptsExceeded, undefined, 'otp_attempts_exceeded');
    if (!otpMatches(config.jwtSecret, user.id, input.otp, verification.code_hash)) {
      const attempts = await repo.recordFailedAttempt(db, user.id);
      if (attempts === undefined || attempts >= OTP_MAX_ATTEMPTS) {
        await repo.deleteVerification(db, user.id);
        throw badRequest(MESSAGES.otpAttemptsExceeded, undefined, 'otp_attempts_exceeded');
      }
      throw badRequest(MESSAGES.invalidOtp, undefined, 'otp_invalid');
    }
    await db.transaction().execute(async (trx) => {
      await repo.markVerified(trx, user.id);
      await repo.deleteVerification(trx, user.id);
    });
    return { message: 'Email verified successfully. You can now log in.' };
  }

  async resendOtp(input: { email: string }): Promise<{ message: string }> {
    const { db, config } = this.deps;
    const user = await this.unverifiedAdmin(input.email);
    const previous = await repo.findVerification(db, user.id);
    if (previous) {
      const elapsed = (Date.now() - previous.sent_at.getTime()) / 1000;
      if (elapsed < OTP_RESEND_SECONDS)
        throw tooManyRequests(
          MESSAGES.resendTooSoon,
          OTP_RESEND_SECONDS - elapsed,
          'resend_too_soon',
        );
    }
    const code = generateOtp();
    await repo.saveVerificationCode(db, {
      userId: user.id,
      codeHash: hashOtp(config.jwtSecret, user.id, code),
      expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
    });
    await this.sendCode(input.email, code, user.id);
    return { message: 'A new code has been sent to your email' };
  }

  private async unverifiedAdmin(email: string) {
    const user = await repo.findAdminByEmail(this.deps.db, email);
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
    if (!(await verifyPassword(user?.password_hash, input.password)) || !user) {
      throw unauthorized(MESSAGES.invalidCredentials, 'invalid_credentials');
    }
    if (!user.verified_at) throw forbidden(MESSAGES.notVerified, 'email_not_verified');
    return this.issueToken(user.id, user.firm_id);
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
    return this.issueToken(user.id, user.firm_id);
  }

  private async issueToken(userId: string, firmId: string): Promise<TokenResponse> {
    const token = await this.deps.tokens.sign({ userId, firmId });
    return { token, message: 'Login successful' };
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
