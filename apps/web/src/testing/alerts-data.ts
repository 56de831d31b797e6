import type {
  Alert,
  AlertsResponse,
  FileChangeItem,
  FileChangesResponse,
  HistoryEntry,
  InsightSnapshot,
} from '@behavio/contract';

/** Test data for issue 19 (alerts, insight history, what an import changed), shaped by the contract. */

export function buildAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    alert_id: '11111111-1111-4111-8111-111111111111',
    customer_id: 'C-10001',
    kind: 'priority_jump',
    severity: 'critical',
    message: 'priority 4.1 → 7.8: leverage rose from 1.1 to 2.4',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    read_at: null,
    file_id: 'file-2',
    ...overrides,
  };
}

/** `count` unread alerts, C-10001 on, the newest first. */
export function buildAlerts(count: number, overrides: Partial<Alert> = {}): Alert[] {
  return Array.from({ length: count }, (_, index) =>
    buildAlert({
      alert_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      customer_id: `C-${10001 + index}`,
      message: `Alert number ${index + 1}`,
      ...overrides,
    }),
  );
}

export function alertsReply(
  alerts: Alert[],
  unreadCount = alerts.length,
): { body: AlertsResponse } {
  return { body: { alerts, unread_count: unreadCount } };
}

export function buildSnapshot(overrides: Partial<InsightSnapshot> = {}): InsightSnapshot {
  return {
    priority_score: 4.1,
    urgency_level: 'medium',
    risk_level: 'low',
    segment: 'balanced',
    top_biases: [{ bias: 'overconfidence', score: 40 }],
    top_product_id: null,
    model_version: '2.0.0',
    ...overrides,
  };
}

export function buildHistoryEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    ...buildSnapshot(),
    recorded_at: '2026-11-01T09:00:00.000Z',
    file_id: 'file-1',
    source: 'file',
    changes: [],
    ...overrides,
  };
}

export function buildFileChangeItem(overrides: Partial<FileChangeItem> = {}): FileChangeItem {
  return {
    customer_id: 'C-10001',
    change: 'updated',
    kinds: ['priority_jump', 'urgency_up'],
    before: buildSnapshot(),
    after: buildSnapshot({ priority_score: 7.8, urgency_level: 'high' }),
    ...overrides,
  };
}

export function buildFileChanges(
  overrides: Partial<FileChangesResponse> = {},
): FileChangesResponse {
  return {
    file_id: 'file-2',
    new_customers: 1,
    updated: 2,
    unchanged: 37,
    removed: 0,
    changes: {
      urgency_up: 1,
      risk_level_up: 0,
      priority_jump: 1,
      new_top_bias: 0,
      segment_change: 1,
      product_change: 0,
    },
    items: [
      buildFileChangeItem(),
      buildFileChangeItem({
        customer_id: 'C-10002',
        kinds: ['segment_change'],
        before: buildSnapshot({ segment: 'balanced' }),
        after: buildSnapshot({ segment: 'overconfident' }),
      }),
      buildFileChangeItem({ customer_id: 'C-10040', change: 'new', kinds: [], before: null }),
    ],
    total_items: 3,
    ...overrides,
  };
}
