import {
  checkUserResponseSchema,
  loginOthersRequestSchema,
  loginRequestSchema,
  messageSchema,
  registerRequestSchema,
  resendOtpRequestSchema,
  tokenResponseSchema,
  verifyRequestSchema,
} from '@behavio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invalidToken, principalOf } from '../../plugins/access.js';
import { RULES } from '../../plugins/permissions.js';
import { bearerRouteDocs, errorResponses } from '../../plugins/route-schema.js';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.js';
import type { AuthService } from './auth.service.js';

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

  /** Per-IP and per-email budgets for one action, counted before any work is done. */
  const limit = (action: string, request: FastifyRequest, email: string | undefined) => {
    const rules: RateLimitRule[] = [
      { key: `${action}:ip:${request.ip}`, limit: limits.ipPerMinute, windowSeconds: 60 },
    ];
    if (email)
      rules.push({
        key: `${action}:email:${email}`,
        limit: limits.emailPerMinute,
        windowSeconds: 60,
      });
    return limiter.consume(rules);
  };

  r.post(
    '/api/auth/register',
    {
      config: open,
      schema: {
        tags: ['auth'],
        body: registerRequestSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limit('register', request, request.body.email);
      return reply.status(201).send(await auth.register(request.body));
    },
  );

  r.post(
    '/api/auth/verify',
    {
      config: open,
      schema: {
        tags: ['auth'],
        body: verifyRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await limit('verify', request, request.body.email);
      return auth.verify(request.body);
    },
  );

  r.post(
    '/api/auth/resend-otp',
    {
      config: open,
      schema: {
        tags: ['auth'],
        body: resendOtpRequestSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await limit('resend', request, request.body.email);
      return auth.resendOtp(request.body);
    },
  );

  r.post(
    '/api/auth/login',
    {
      config: open,
      schema: {
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      await limit('login', request, request.body.email);
      return auth.login(request.body);
    },
  );

  r.post(
    '/api/auth/login-others',
    {
      config: open,
      schema: {
        tags: ['auth'],
        body: loginOthersRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      await limit('login', request, request.body.email);
      return auth.loginOthers(request.body);
    },
  );

  r.get(
    '/api/auth/check-user',
    {
      config: { access: RULES.anyEmployee },
      schema: {
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
}
