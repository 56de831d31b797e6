import type { Preferences, PreferencesRequest } from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { invalidToken, type Principal } from '../../plugins/access.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './preferences.repository.js';

/**
 * Each user's own preferences: for now, whether they are emailed the daily digest of unread
 * alerts (docs/alert-digest.md). A change is audited, so a compliance officer can see who
 * stopped being told.
 */
export class PreferencesService {
  constructor(private readonly db: Kysely<Database>) {}

  async get(principal: Principal): Promise<Preferences> {
    const alertDigest = await repo.readAlertDigest(this.db, principal.firmId, principal.userId);
    // The user was deleted after the access hook read them: as if the token were invalid.
    if (!alertDigest) throw invalidToken();
    return { alert_digest: alertDigest };
  }

  set(principal: Principal, request: PreferencesRequest): Promise<Preferences> {
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.readAlertDigest(trx, principal.firmId, principal.userId);
      if (!before) throw invalidToken();
      if (before !== request.alert_digest) {
        await repo.setAlertDigest(trx, principal.firmId, principal.userId, request.alert_digest);
        await recordAudit(trx, principal, {
          action: 'user.alert_digest_changed',
          subjectType: 'user',
          subjectId: principal.userId,
          before: { alert_digest: before },
          after: { alert_digest: request.alert_digest },
        });
      }
      return { alert_digest: request.alert_digest };
    });
  }
}
