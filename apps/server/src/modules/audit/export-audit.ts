import type { ExportFormat } from '@behavio/contract';
import type { Executor } from '../../db/executor.js';
import type { Principal } from '../../plugins/access.js';
import { assertExportSize } from '../../plugins/export-file.js';
import { recordAudit } from './audit.repository.js';

/**
 * Every list export, before its first byte: refused when it is over the row limit, else recorded
 * in the audit log (`list.exported`, the list as subject): who took which customers out, in
 * what form, narrowed how.
 */
export async function recordExport(
  db: Executor,
  principal: Principal,
  list: string,
  details: { format: ExportFormat; rows: number; query: object },
): Promise<void> {
  assertExportSize(details.rows);
  await recordAudit(db, principal, {
    action: 'list.exported',
    subjectType: 'list',
    subjectId: list,
    after: details,
  });
}
