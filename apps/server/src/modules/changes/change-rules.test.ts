import { PRIORITY_JUMP_MIN_POINTS } from '@behavio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { INPUT_WORDS, changeKindsSql, moversSql } from './change-rules.js';

/** Each change rule, run as the import runs it: in SQL, on one before and one after row. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

interface Insight {
  priority_score: number;
  urgency_level: string;
  risk_level: string;
  segment: string;
  lead: string | null;
}
const base: Insight = {
  priority_score: 4.1,
  urgency_level: 'medium',
  risk_level: 'medium',
  segment: 'balanced',
  lead: 'herding',
};
const row = (i: Insight) => sql`select ${i.priority_score}::float8 as priority_score,
  ${i.urgency_level}::text as urgency_level, ${i.risk_level}::text as risk_level,
  ${i.segment}::text as segment,
  ${JSON.stringify(
    i.lead
      ? [
          { bias_name: i.lead, score: 70 },
          { bias_name: 'status_quo', score: 20 },
        ]
      : [],
  )}::json
    as top_biases`;

async function kinds(after: Partial<Insight>, before: Partial<Insight> = {}) {
  const { rows } = await sql<{ kinds: string[] }>`
    select ${changeKindsSql('b', 'a')} as kinds
    from (${row({ ...base, ...before })}) b, (${row({ ...base, ...after })}) a`.execute(
    database.db,
  );
  return rows[0]!.kinds;
}

describe('urgency_up', () => {
  it('is a rise of the urgency level, by one step or more', async () => {
    expect(await kinds({ urgency_level: 'high' })).toEqual(['urgency_up']);
    expect(await kinds({ urgency_level: 'urgent' }, { urgency_level: 'low' })).toEqual([
      'urgency_up',
    ]);
  });
  it('is not a fall or the same level', async () => {
    expect(await kinds({ urgency_level: 'low' })).toEqual([]);
    expect(await kinds({ urgency_level: 'high' }, { urgency_level: 'urgent' })).toEqual([]);
    expect(await kinds({})).toEqual([]);
  });
});

describe('risk_level_up', () => {
  it('is a rise of the risk level', async () => {
    expect(await kinds({ risk_level: 'high' })).toEqual(['risk_level_up']);
    expect(await kinds({ risk_level: 'medium' }, { risk_level: 'low' })).toEqual(['risk_level_up']);
  });
  it('is not a fall', async () => {
    expect(await kinds({ risk_level: 'low' })).toEqual([]);
  });
});

describe('priority_jump', () => {
  it(`is a rise of at least ${PRIORITY_JUMP_MIN_POINTS} points, floating point notwithstanding`, async () => {
    // 6.1 - 4.1 is 1.9999999999999996 in floating point.
    expect(await kinds({ priority_score: 6.1 })).toEqual(['priority_jump']);
    expect(await kinds({ priority_score: 9.5 })).toEqual(['priority_jump']);
  });
  it('is not a smaller rise or a fall', async () => {
    expect(await kinds({ priority_score: 6.09 })).toEqual([]);
    expect(await kinds({ priority_score: 1 })).toEqual([]);
  });
});

describe('new_top_bias', () => {
  it('is a different leading bias, or one where there was none', async () => {
    expect(await kinds({ lead: 'overconfidence' })).toEqual(['new_top_bias']);
    expect(await kinds({}, { lead: null })).toEqual(['new_top_bias']);
  });
  it('is not the same leading bias', async () => {
    expect(await kinds({ lead: 'herding' })).toEqual([]);
  });
});

describe('segment_change', () => {
  it('is a different segment, either way', async () => {
    expect(await kinds({ segment: 'overconfident' })).toEqual(['segment_change']);
    expect(await kinds({ segment: 'balanced' }, { segment: 'anchored' })).toEqual([
      'segment_change',
    ]);
  });
});

it('lists every kind that applies, in the contract order', async () => {
  expect(
    await kinds({
      urgency_level: 'urgent',
      risk_level: 'high',
      priority_score: 9,
      segment: 'overconfident',
      lead: 'overconfidence',
    }),
  ).toEqual(['urgency_up', 'risk_level_up', 'priority_jump', 'new_top_bias', 'segment_change']);
});

describe('the inputs an alert names', () => {
  const movers = async (before: Record<string, number>, after: Record<string, number>) => {
    // Every input the rule reads; those not given are null, which it skips.
    const columns = (values: Record<string, number>) =>
      sql.join(
        Object.keys(INPUT_WORDS).map((c) => sql`${values[c] ?? null}::float8 as ${sql.ref(c)}`),
      );
    const all = { age: 40, leverage_ratio: 1, cash_pct: 10, days_since_last_trade: 3 };
    const { rows } = await sql<{ movers: string | null }>`
      select ${moversSql('b', 'a')} as movers
      from (select ${columns({ ...all, ...before })}) b, (select ${columns({ ...all, ...after })}) a
    `.execute(database.db);
    return rows[0]!.movers;
  };
  it('names the two that moved most, with their figures', async () => {
    expect(
      await movers(
        { leverage_ratio: 1.1, cash_pct: 30, age: 40 },
        { leverage_ratio: 2.4, cash_pct: 5, age: 41 },
      ),
    ).toBe('cash % fell from 30 to 5, leverage rose from 1.1 to 2.4');
  });
  it('does not let a tiny value look like a leap', async () => {
    // 3 → 5 days is +67%, but on a scale of 30 days it is small next to leverage 1 → 1.5.
    expect(
      await movers({ days_since_last_trade: 3 }, { days_since_last_trade: 5, leverage_ratio: 1.5 }),
    ).toBe('leverage rose from 1 to 1.5, days since the last trade rose from 3 to 5');
  });
  it('is null when no input moved', async () => {
    expect(await movers({}, {})).toBeNull();
  });
});
