import type { Executor } from '../../db/executor.js';
import type { Principal } from '../../plugins/access.js';

export interface AuditEntry {
  action: string;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * A change nobody signed in made: a payment provider's event or a scheduled job. It is recorded
 * with no actor id, the system's name as the actor email and the role 'system'.
 */
export interface SystemActor {
  firmId: string;
  system: string;
}

/** A firm's system sending customers with one of its API keys (docs/api-feed.md). */
export interface ApiKeyActor {
  firmId: string;
  apiKey: { id: string; name: string; prefix: string };
}

/** A signed-in user, or one proving who they are otherwise (a mailed password reset code). */
export type UserActor = Pick<Principal, 'userId' | 'firmId' | 'role' | 'email'>;

export type AuditActor = UserActor | SystemActor | ApiKeyActor;

const isSystem = (actor: AuditActor): actor is SystemActor => 'system' in actor;
const isApiKey = (actor: AuditActor): actor is ApiKeyActor => 'apiKey' in actor;

/** The actor columns: the key's name and prefix stand where an employee's email would. */
function actorColumns(actor: AuditActor) {
  if (isSystem(actor)) return { actor_id: null, actor_email: actor.system, actor_role: 'system' };
  if (isApiKey(actor))
    return {
      actor_id: null,
      actor_email: `API key "${actor.apiKey.name}" (${actor.apiKey.prefix}…)`,
      actor_role: 'api_key',
    };
  return { actor_id: actor.userId, actor_email: actor.email, actor_role: actor.role };
}

/** Appends one event; call it with the transaction that makes the change it records. */
export async function recordAudit(
  db: Executor,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  const who = actorColumns(actor);
  await db
    .insertInto('audit_events')
    .values({
      firm_id: actor.firmId,
      ...who,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
