import { API_KEY_MESSAGES, MESSAGES, isPaidPlan, type Plan, type Role } from '@behavio/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../errors/app-error.js';

/**
 * Every API route declares who may call it; this one hook enforces it (roles, plan) so no
 * handler repeats a permission check. A route without a rule refuses to register.
 */
export interface AccessRule {
  /** No token needed. */
  public?: boolean;
  /** Roles allowed; all roles when absent. */
  roles?: readonly Role[];
  /** Message for a role outside `roles`. */
  roleMessage?: string;
  /** When set, the free plan is refused with this message. */
  paidPlanMessage?: string;
  /**
   * The route takes an API key and nothing else (the customer feed). Every other route refuses
   * an API key with 403, whatever its roles: a key is not an employee.
   */
  apiKey?: boolean;
}

export interface Principal {
  userId: string;
  firmId: string;
  role: Role;
  plan: Plan;
  email: string;
}

/**
 * A firm's system calling with an API key: a kind of its own, never a `Principal`, so no route
 * written for employees can be reached with a key by mistake (`principalOf` refuses it).
 */
export interface ApiKeyPrincipal {
  keyId: string;
  firmId: string;
  plan: Plan;
  name: string;
  prefix: string;
}

/** The verified token of the request, so a logout can revoke exactly it. */
export interface SessionToken {
  id: string;
  expiresAt: Date;
}

/** An employee's session: who they are now, and the token they called with. */
export interface Session {
  principal: Principal;
  token: SessionToken;
}

/**
 * What the hook asks about a bearer credential, handed in when the app is built (app.ts, from
 * the auth and API-key services): the plugins import no module.
 */
export interface AccessLookups {
  /** Whether the credential is shaped as an API key rather than a session token. */
  isApiKey(credential: string): boolean;
  /** The API key of the credential, if it exists and is not revoked. */
  findApiKey(credential: string): Promise<ApiKeyPrincipal | undefined>;
  /** Records a use of the key, once the route has accepted it. */
  touchApiKey(key: ApiKeyPrincipal): Promise<void>;
  /**
   * The session of a token; undefined for a bad or expired token, a user who no longer exists,
   * a logged-out token, or one from before a password change.
   */
  findSession(token: string): Promise<Session | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    principal: Principal | null;
    sessionToken: SessionToken | null;
    apiKey: ApiKeyPrincipal | null;
  }
}

export const invalidToken = () => new AppError('invalid_token', MESSAGES.invalidToken);

/** The principal of an authenticated route; the hook guarantees it exists there. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw invalidToken();
  return request.principal;
}

export const invalidApiKey = () => new AppError('invalid_api_key', API_KEY_MESSAGES.invalidKey);

/** The API key of a feed route; the hook guarantees it exists there. */
export function apiKeyOf(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.apiKey) throw invalidApiKey();
  return request.apiKey;
}

/** The token of an authenticated route; the hook guarantees it exists there. */
export function sessionTokenOf(request: FastifyRequest): SessionToken {
  if (!request.sessionToken) throw invalidToken();
  return request.sessionToken;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAccessControl(app: FastifyInstance, lookups: AccessLookups): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('apiKey', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access)
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
  });

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule || rule.public) return;
    const token = bearerToken(request);
    if (token && lookups.isApiKey(token)) {
      // Unknown or revoked first (420), so a revoked key learns it is revoked wherever it calls.
      const key = await lookups.findApiKey(token);
      if (!key) throw invalidApiKey();
      if (!rule.apiKey) throw forbidden(API_KEY_MESSAGES.keyOnlyFeed, 'api_key_not_allowed');
      await lookups.touchApiKey(key);
      request.apiKey = key;
      return;
    }
    if (rule.apiKey) {
      if (!token) throw invalidApiKey();
      throw forbidden(API_KEY_MESSAGES.keyRequired, 'api_key_required');
    }
    // Bad, expired, gone, logged out, or from before a password change: all the same invalid token.
    const session = token ? await lookups.findSession(token) : undefined;
    if (!session) throw invalidToken();
    const { principal } = session;
    request.principal = principal;
    request.sessionToken = session.token;
    if (rule.roles && !rule.roles.includes(principal.role))
      throw forbidden(rule.roleMessage ?? MESSAGES.forbidden, 'role_forbidden');
    if (rule.paidPlanMessage && !isPaidPlan(principal.plan))
      throw forbidden(rule.paidPlanMessage, 'subscription_required');
  });
}
