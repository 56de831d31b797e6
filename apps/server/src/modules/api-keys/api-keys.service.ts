import {
  API_KEY_MESSAGES,
  type ApiKeysResponse,
  type CreateApiKeyResponse,
  type RevokeApiKeyResponse,
  type RevokedApiKey,
} from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../errors/app-error.js';
import type { ApiKeyPrincipal, Principal } from '../../plugins/access.js';
import { recordAudit, type UserActor } from '../audit/audit.repository.js';
import { generateApiKey, hashApiKey, looksLikeApiKey } from './api-key-secret.js';
import * as repo from './api-keys.repository.js';

const UNIQUE_VIOLATION = '23505';
/** Key ids are uuids; anything else names no key (and must not reach a uuid cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin's API keys (docs/api-feed.md): created, listed without secrets, revoked. */
export class ApiKeysService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether a bearer credential is shaped as an API key (the access hook's lookup). */
  looksLikeKey(credential: string): boolean {
    return looksLikeApiKey(credential);
  }

  /** The unrevoked key of a bearer credential (the access hook's lookup). */
  async findActive(credential: string): Promise<ApiKeyPrincipal | undefined> {
    const key = await repo.findActiveApiKey(this.db, hashApiKey(credential));
    if (!key) return undefined;
    return {
      keyId: key.id,
      firmId: key.firm_id,
      plan: key.plan,
      name: key.name,
      prefix: key.prefix,
    };
  }

  /** Records a use of the key (the access hook, once the route accepted it). */
  touch(key: { keyId: string; firmId: string }): Promise<void> {
    return repo.touchApiKey(this.db, key.firmId, key.keyId);
  }

  async create(principal: Principal, name: string): Promise<CreateApiKeyResponse> {
    const secret = generateApiKey();
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        const created = await repo.insertApiKey(trx, {
          firmId: principal.firmId,
          name,
          prefix: secret.prefix,
          hash: secret.hash,
          createdBy: principal.userId,
        });
        await recordAudit(trx, principal, {
          action: 'api_key.created',
          subjectType: 'api_key',
          subjectId: created.id,
          after: { name: created.name, prefix: created.prefix },
        });
        return created;
      });
      return {
        message: API_KEY_MESSAGES.created,
        key_id: row.id,
        name: row.name,
        key: secret.key,
        prefix: row.prefix,
        created_at: row.created_at.toISOString(),
      };
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION)
        throw conflict(API_KEY_MESSAGES.nameTaken, 'api_key_name_taken');
      throw error;
    }
  }

  async list(principal: Principal): Promise<ApiKeysResponse> {
    const rows = await repo.listApiKeys(this.db, principal.firmId);
    return {
      keys: rows.map((k) => ({
        key_id: k.id,
        name: k.name,
        prefix: k.prefix,
        created_at: k.created_at.toISOString(),
        created_by: k.creator_id
          ? { user_id: k.creator_id, name: k.creator_name!, email: k.creator_email! }
          : null,
        last_used_at: k.last_used_at?.toISOString() ?? null,
        revoked_at: k.revoked_at?.toISOString() ?? null,
      })),
    };
  }

  /**
   * Revokes at once: the next request with the key answers 420 (the access hook reads it live).
   * Revoking a revoked key answers when it was revoked, and records nothing more.
   */
  async revoke(principal: Principal, keyId: string): Promise<RevokeApiKeyResponse> {
    if (!UUID.test(keyId)) throw notFound(API_KEY_MESSAGES.notFound);
    const key = await this.db.transaction().execute(async (trx) => {
      const revoked = await repo.revokeApiKey(trx, principal.firmId, keyId);
      if (!revoked) return repo.findApiKey(trx, principal.firmId, keyId);
      await recordAudit(trx, principal, {
        action: 'api_key.revoked',
        subjectType: 'api_key',
        subjectId: revoked.id,
        before: { name: revoked.name, prefix: revoked.prefix },
      });
      return revoked;
    });
    if (!key?.revoked_at) throw notFound(API_KEY_MESSAGES.notFound);
    return {
      message: API_KEY_MESSAGES.revoked,
      key_id: key.id,
      revoked_at: key.revoked_at.toISOString(),
    };
  }
}

/**
 * Revokes every active key of the firm, in the transaction of its admin's password change or
 * reset (docs/security.md, "Account pre-hijacking"): a key made by whoever knew the old
 * password must not outlive it. Each one is recorded in the audit log as a revocation by that
 * admin; the keys are answered so the admin is told which ones to make anew.
 */
export async function revokeKeysOnPasswordChange(
  trx: Executor,
  admin: UserActor,
): Promise<RevokedApiKey[]> {
  const revoked = await repo.revokeAllApiKeys(trx, admin.firmId);
  for (const key of revoked)
    await recordAudit(trx, admin, {
      action: 'api_key.revoked',
      subjectType: 'api_key',
      subjectId: key.id,
      before: { name: key.name, prefix: key.prefix },
      after: { reason: 'password_changed' },
    });
  return revoked.map((k) => ({ key_id: k.id, name: k.name, prefix: k.prefix }));
}
