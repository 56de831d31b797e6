import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  checkUserResponseSchema,
  forgotPasswordRequestSchema,
  loginOthersRequestSchema,
  loginRequestSchema,
  messageSchema,
  registerRequestSchema,
  resendOtpRequestSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  tokenResponseSchema,
  verifyRequestSchema,
} from '@behavio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invalidToken, principalOf, sessionTokenOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.js';
import type { AccountRef, AuthService } from './auth.service.js';

// 503: the verification email could not be sent (register, resend-otp).
const errors = errorResponses(400, 401, 403, 429, 503);

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    limiter: RateLimiter;
    limits: { ipPerMinute: number; emailPerMinute: number };
  },
) {
  const { auth, limiter, limits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: RULES.public };

  /**
   * The budgets of one action, counted before any work is done: per client address and per
   * address and account, both refused with 429 past their limit (only that address is
   * refused); and per account from every address, which slows the answer down instead of
   * refusing it, so that nobody can lock another user out of their account.
   */
  const limit = async (action: string, request: FastifyRequest, account: string | undefined) => {
    const window = { windowSeconds: 60 };
    const rules: RateLimitRule[] = [
      { key: `${action}:ip:${request.ip}`, limit: limits.ipPerMinute, ...window },
    ];
    if (account)
      rules.push({
        key: `${action}:ip-account:${request.ip}:${account}`,
        limit: limits.emailPerMinute,
        ...window,
      });
    await limiter.consume(rules);
    if (account)
      await limiter.slowDown({
        key: `${action}:account:${account}`,
        limit: limits.emailPerMinute,
        ...window,
      });
  };

  r.post(
    '/api/auth/register',
    {
      config: open,
      schema: {
        operationId: 'register',
        summary: 'Register a firm and its admin; mails a verification code',
        description:
          'An email whose registration is still unverified is registered afresh: the pending account (password, name, business details, codes) is replaced by this one and a new code is mailed, so only the password of the registration whose code is verified works. A verified email answers 400 `email_registered`. Unverified registrations expire after 7 days (docs/security.md).',
        tags: ['auth'],
        body: registerRequestSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limit('register', request, accountKey(request.body));
      return reply.status(201).send(await auth.register(request.body));
    },
  );

  r.post(
    '/api/auth/verify',
    {
      config: open,
      schema: {
        operationId: 'verifyEmail',
        summary: 'Verify an email address with the mailed code',
        tags: ['auth'],
        body: verifyRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await limit('verify', request, accountKey(request.body));
      return auth.verify(request.body);
    },
  );

  r.post(
    '/api/auth/resend-otp',
    {
      config: open,
      schema: {
        operationId: 'resendOtp',
        summary: 'Mail a new verification code',
        tags: ['auth'],
        body: resendOtpRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await limit('resend', request, accountKey(request.body));
      return auth.resendOtp(request.body);
    },
  );

  r.post(
    '/api/auth/login',
    {
      config: open,
      schema: {
        operationId: 'login',
        summary: 'Sign in as a firm admin',
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      await limit('login', request, accountKey(request.body));
      return auth.login(request.body);
    },
  );

  r.post(
    '/api/auth/login-others',
    {
      config: open,
      schema: {
        operationId: 'loginEmployee',
        summary: "Sign in as an employee, with the admin's email",
        tags: ['auth'],
        body: loginOthersRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      await limit('login', request, accountKey(request.body));
      return auth.loginOthers(request.body);
    },
  );

  r.get(
    '/api/auth/check-user',
    {
      config: { access: RULES.anyEmployee },
      schema: {
        operationId: 'checkUser',
        summary: 'The signed-in user, their firm and plan',
        ...bearerRouteDocs('auth'),
        response: { 200: checkUserResponseSchema, ...errorResponses(420) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const result = await auth.checkUser(principal.userId, principal.firmId);
      if (!result) throw invalidToken();
      return result;
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { access: RULES.anyEmployee },
      schema: {
        operationId: 'logout',
        ...bearerRouteDocs('auth'),
        summary: 'Ends the session of the token it is called with',
        response: { 200: messageSchema, ...errorResponses(420) },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      const token = sessionTokenOf(request);
      return auth.logout({ tokenId: token.id, userId, expiresAt: token.expiresAt });
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: open,
      schema: {
        operationId: 'forgotPassword',
        tags: ['auth'],
        summary: 'Mails a password reset code; the same answer whether the account exists or not',
        body: forgotPasswordRequestSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await limit('forgot-password', request, accountKey(request.body));
      return auth.forgotPassword(request.body);
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: open,
      schema: {
        operationId: 'resetPassword',
        tags: ['auth'],
        summary: 'Sets a new password with the mailed code and ends every earlier session',
        description:
          "Every earlier session of the account ends. For the firm's admin, every active API key of the firm is revoked too (a key made with the old password must not outlive it): `revokedApiKeys` lists them, the message names them, and each is recorded in the audit log.",
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await limit('reset-password', request, accountKey(request.body));
      return auth.resetPassword(request.body);
    },
  );

  r.post(
    '/api/auth/change-password',
    {
      config: { access: RULES.anyEmployee },
      schema: {
        operationId: 'changePassword',
        ...bearerRouteDocs('auth'),
        summary: 'Replaces the password; other sessions end, this one goes on with the new token',
        description:
          "For the firm's admin, every active API key of the firm is revoked too: `revokedApiKeys` lists them (empty for an employee), the message names them, and each is recorded in the audit log. New keys can be created at once.",
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, ...errorResponses(400, 420, 429) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await limit('change-password', request, `user:${principal.userId}`);
      return auth.changePassword(principal, request.body);
    },
  );
}

/**
 * The account a request names, for its rate limits: an employee's email only means something
 * within their firm (named by the admin's email), so employees of two firms never share one.
 */
function accountKey(ref: AccountRef): string {
  return ref.adminEmail ? `firm:${ref.adminEmail}:${ref.email}` : `admin:${ref.email}`;
}
