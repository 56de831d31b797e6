import {
  ALERT_MESSAGES,
  type Alert,
  type AlertReadResponse,
  type AlertStatus,
  type AlertsReadAllResponse,
  type AlertsResponse,
} from '@behavio/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../errors/app-error.js';
import type { Principal } from '../../plugins/access.js';
import * as repo from './alerts.repository.js';

const readerOf = (principal: Principal): repo.Reader => ({
  firmId: principal.firmId,
  userId: principal.userId,
  isRm: principal.role === 'rm',
});

const toAlert = (row: repo.AlertRow): Alert => ({
  alert_id: row.alert_id,
  customer_id: row.customer_id,
  kind: row.kind,
  severity: row.severity,
  message: row.message,
  created_at: new Date(row.created_at).toISOString(),
  read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
  file_id: row.file_id,
});

/**
 * Alerts (issue 19, item 3; docs/changes-and-alerts.md): imports raise them in SQL; here every
 * employee reads and marks their own. Another user's alert, like another firm's, is a 404.
 */
export class AlertsService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(
    principal: Principal,
    page: { status: AlertStatus; limit: number; offset: number },
  ): Promise<AlertsResponse> {
    const reader = readerOf(principal);
    const [rows, unread] = await Promise.all([
      repo.listAlerts(this.db, reader, page),
      repo.unreadCount(this.db, reader),
    ]);
    return { alerts: rows.map(toAlert), unread_count: unread };
  }

  async markRead(principal: Principal, alertId: string): Promise<AlertReadResponse> {
    const reader = readerOf(principal);
    const row = await repo.markRead(this.db, reader, alertId);
    if (!row) throw notFound(ALERT_MESSAGES.notFound);
    return {
      message: ALERT_MESSAGES.markedRead,
      alert: toAlert(row),
      unread_count: await repo.unreadCount(this.db, reader),
    };
  }

  async markAllRead(principal: Principal): Promise<AlertsReadAllResponse> {
    const reader = readerOf(principal);
    const marked = await repo.markAllRead(this.db, reader);
    return {
      message: ALERT_MESSAGES.allMarkedRead,
      marked,
      unread_count: await repo.unreadCount(this.db, reader),
    };
  }

  /** In the transaction that changed who looks after these customers: their open alerts follow. */
  followAssignment(trx: Executor, firmId: string, customerIds?: readonly string[]) {
    return repo.moveOpenAlerts(trx, firmId, customerIds);
  }

  /** In the transaction that deletes a user: their open alerts go to the admins. */
  handOver(trx: Executor, firmId: string, userId: string) {
    return repo.handOverToAdmins(trx, firmId, userId);
  }
}
