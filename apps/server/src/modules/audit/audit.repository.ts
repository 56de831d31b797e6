import type { Executor } from '../../db/executor.js';
import type { Principal } from '../../plugins/access.js';

export interface AuditEntry {
  action: string;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
}

/** Appends one event; call it with the transaction that makes the change it records. */
export async function recordAudit(
  db: Executor,
  actor: Principal,
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      firm_id: actor.firmId,
      actor_id: actor.userId,
      actor_email: actor.email,
      actor_role: actor.role,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
