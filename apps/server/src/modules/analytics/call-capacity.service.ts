import { CALLS_PER_DAY_DEFAULT, type CallCapacityResponse } from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Principal } from '../../plugins/access.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './call-capacity.repository.js';

/**
 * The daily call capacity that sizes today's call list (docs/product-rules.md, "Today's call
 * list"): the admin sets the firm's, an RM may set their own. Each change is audited with the
 * value before and after. The lists read it on every request (AnalyticsService), so a change
 * shows at once.
 */
export class CallCapacityService {
  constructor(private readonly db: Kysely<Database>) {}

  async get(principal: Principal): Promise<CallCapacityResponse> {
    return answer(await repo.readCapacity(this.db, principal.firmId, principal.userId));
  }

  setFirm(principal: Principal, value: number | null): Promise<CallCapacityResponse> {
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.readCapacity(trx, principal.firmId, principal.userId);
      await repo.setFirmCapacity(trx, principal.firmId, value);
      await recordAudit(trx, principal, {
        action: 'firm.calls_per_day_changed',
        subjectType: 'firm',
        subjectId: principal.firmId,
        before: { calls_per_day: before.firm },
        after: { calls_per_day: value },
      });
      return answer({ ...before, firm: value });
    });
  }

  setOwn(principal: Principal, value: number | null): Promise<CallCapacityResponse> {
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.readCapacity(trx, principal.firmId, principal.userId);
      await repo.setOwnCapacity(trx, principal.firmId, principal.userId, value);
      await recordAudit(trx, principal, {
        action: 'user.calls_per_day_changed',
        subjectType: 'user',
        subjectId: principal.userId,
        before: { calls_per_day: before.own },
        after: { calls_per_day: value },
      });
      return answer({ ...before, own: value });
    });
  }
}

const answer = (settings: repo.CapacitySettings): CallCapacityResponse => ({
  default_calls_per_day: CALLS_PER_DAY_DEFAULT,
  firm_calls_per_day: settings.firm,
  own_calls_per_day: settings.own,
  calls_per_day: repo.effectiveCapacity(settings),
});
