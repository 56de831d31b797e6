/**
 * Checks a five-field cron expression (minute hour day-of-month month day-of-week), so a bad
 * schedule stops the server at start-up with a message instead of failing in the job queue.
 * It accepts a subset of what pg-boss's parser (cron-parser) does: `*`, numbers, names of
 * months and days, ranges, steps and lists; answers what is wrong, or undefined.
 */
const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: 'jan feb mar apr may jun jul aug sep oct nov dec' },
  // 7 is Sunday too, as in every cron.
  { name: 'day of week', min: 0, max: 7, names: 'sun mon tue wed thu fri sat' },
] as const;

type Field = (typeof FIELDS)[number];

function valueOf(text: string, field: Field): number | undefined {
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    return value >= field.min && value <= field.max ? value : undefined;
  }
  if (!('names' in field)) return undefined;
  const index = field.names.split(' ').indexOf(text.toLowerCase());
  if (index < 0) return undefined;
  return field.min + index;
}

function itemProblem(item: string, field: Field): string | undefined {
  const match = /^([^/]+)(?:\/(\d+))?$/.exec(item);
  const [base, step] = match ? [match[1]!, match[2]] : ['', undefined];
  const bad = `"${item}" is not a valid ${field.name} (${field.min}-${field.max})`;
  if (!match || (step !== undefined && Number(step) < 1)) return bad;
  if (base === '*') return undefined;
  const [from, to, ...rest] = base.split('-');
  if (rest.length > 0) return bad;
  const start = valueOf(from!, field);
  if (start === undefined) return bad;
  // A lone value with a step ("5/15") reads differently between cron dialects: refused.
  if (to === undefined) return step === undefined ? undefined : bad;
  const end = valueOf(to, field);
  return end === undefined || end < start ? bad : undefined;
}

export function cronProblem(expression: string): string | undefined {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== FIELDS.length)
    return `it has ${parts.length} field${parts.length === 1 ? '' : 's'}, not 5 (minute hour day-of-month month day-of-week)`;
  for (const [i, field] of FIELDS.entries()) {
    for (const item of parts[i]!.split(',')) {
      const problem = itemProblem(item, field);
      if (problem) return problem;
    }
  }
  return undefined;
}
