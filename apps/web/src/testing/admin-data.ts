import type {
  AuditEventsResponse,
  Employee,
  FirmOverviewResponse,
  ListCustomersResponse,
  ListRmsResponse,
  ManagedCustomer,
  RmBookResponse,
  WhoToCallItem,
} from '@behavio/contract';

/**
 * Builders for the firm-administration answers (employees, customers, RMs, books, call lists,
 * the firm overview and the audit log), shaped exactly like the contract's response schemas.
 */

/** RM ids are UUIDs on the wire (the request schemas check it). */
export const RM_IDS = {
  jane: '11111111-1111-4111-8111-111111111111',
  omar: '22222222-2222-4222-8222-222222222222',
  lena: '33333333-3333-4333-8333-333333333333',
} as const;

export function buildEmployee(overrides: Partial<Employee> = {}): Employee {
  return {
    id: 'user-2',
    name: 'Jane Doe',
    email: 'jane@firm.example',
    role: 'rm',
    created_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function employeesReply(employees: Employee[]) {
  return { status: 200, body: { total: employees.length, employees } };
}

export function buildCustomer(overrides: Partial<ManagedCustomer> = {}): ManagedCustomer {
  return {
    customer_id: 'C-0001',
    country_iso: 'GBR',
    age: 42,
    risk_profile: 5,
    experience_years: 10,
    cash_pct: 20,
    etf_pct: 50,
    single_stock_pct: 30,
    leverage_ratio: 1,
    created_at: '2025-01-05T09:30:00.000Z',
    rm_id: null,
    rm_name: null,
    ...overrides,
  };
}

/** `count` customers C-0001, C-0002, ...; every third one is assigned to Jane Doe. */
export function buildCustomers(count: number, startAt = 1): ManagedCustomer[] {
  const countries = ['GBR', 'DEU', 'FRA', 'USA', 'ESP'];
  return Array.from({ length: count }, (_, index) => {
    const n = startAt + index;
    const assigned = n % 3 === 0;
    return buildCustomer({
      customer_id: `C-${String(n).padStart(4, '0')}`,
      country_iso: countries[n % countries.length]!,
      age: 25 + (n % 50),
      risk_profile: (n % 10) + 1,
      rm_id: assigned ? RM_IDS.jane : null,
      rm_name: assigned ? 'Jane Doe' : null,
    });
  });
}

/** One page of GET /content/list-customers over a firm of `total` customers. */
export function customersPage(total: number, page = 1, pageSize = 25): ListCustomersResponse {
  const first = (page - 1) * pageSize + 1;
  const count = Math.max(0, Math.min(pageSize, total - first + 1));
  return {
    customers: buildCustomers(count, first),
    pagination: {
      page,
      page_size: pageSize,
      total_count: total,
      total_pages: Math.max(1, Math.ceil(total / pageSize)),
    },
  };
}

export function buildRms(): ListRmsResponse {
  return {
    rms: [
      { rm_id: RM_IDS.jane, full_name: 'Jane Doe', email: 'jane@firm.example', customer_count: 20 },
      { rm_id: RM_IDS.omar, full_name: 'Omar Ali', email: 'omar@firm.example', customer_count: 0 },
    ],
  };
}

export function buildRmBook(overrides: Partial<RmBookResponse> = {}): RmBookResponse {
  const customers = buildCustomers(3).map(({ rm_name: _rmName, ...customer }) => ({
    ...customer,
    rm_id: RM_IDS.jane,
    recommended_products: [],
  }));
  return {
    rm_id: RM_IDS.jane,
    rm_name: 'Jane Doe',
    customer_count: customers.length,
    customers,
    ...overrides,
  };
}

export function buildWhoToCallItem(overrides: Partial<WhoToCallItem> = {}): WhoToCallItem {
  return {
    customer_id: 'C-0001',
    country_iso: 'GBR',
    age: 42,
    risk_profile: 8,
    urgency_level: 'urgent',
    priority_score: 8.75,
    recommended_action: 'Call about the concentrated single-stock position.',
    why: 'Most of the portfolio sits in one stock.',
    risk_level: 'high',
    segment: 'overconfident',
    recommended_products: [],
    ...overrides,
  };
}

export function buildFirmOverview(
  overrides: Partial<FirmOverviewResponse> = {},
): FirmOverviewResponse {
  return {
    total_customers: 60,
    assigned: 20,
    unassigned: 40,
    per_rm: buildRms().rms,
    risk_distribution: { high: 12, medium: 30, low: 18 },
    segment_distribution: {
      risk_averse: 10,
      overconfident: 15,
      herd_followers: 12,
      anchored: 8,
      balanced: 15,
    },
    urgency_distribution: { urgent: 5, high: 10, medium: 20, low: 25 },
    awaiting_review: 3,
    top_priority: [
      { ...buildWhoToCallItem(), rm_name: 'Jane Doe' },
      {
        ...buildWhoToCallItem({
          customer_id: 'C-0002',
          urgency_level: 'medium',
          priority_score: 6.5,
          risk_profile: 5,
        }),
        rm_name: null,
      },
    ],
    ...overrides,
  };
}

export function buildAuditEvents(
  events: AuditEventsResponse['events'],
  page = 1,
  pageSize = 20,
  total = events.length,
): AuditEventsResponse {
  return {
    events,
    pagination: {
      page,
      page_size: pageSize,
      total_count: total,
      total_pages: Math.max(1, Math.ceil(total / pageSize)),
    },
  };
}

/**
 * The Mantine colour a badge (or any colour-variant component) is drawn in, read from its CSS
 * variables: `--badge-bg: var(--mantine-color-violet-light)` → 'violet'.
 */
export function colorOf(element: HTMLElement): string | null {
  const badge = element.closest('.mantine-Badge-root') ?? element;
  const style = badge.getAttribute('style') ?? '';
  return /--mantine-color-([a-z]+)-/.exec(style)?.[1] ?? null;
}
