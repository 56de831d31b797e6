import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_customer_files.js';
import * as m0003 from './0003_call_outcomes_and_audit.js';
import * as m0004 from './0004_billing.js';
import * as m0005 from './0005_customer_list_index.js';
import * as m0006 from './0006_customer_supplied_by.js';
import * as m0007 from './0007_top_biases_json.js';
import * as m0008 from './0008_firm_data_versions.js';
import * as m0009 from './0009_firm_partitions.js';
import * as m0010 from './0010_call_outcome_reopened.js';
import * as m0011 from './0011_import_heartbeat.js';
import * as m0012 from './0012_sessions_and_password_reset.js';
import * as m0013 from './0013_shared_state.js';
import * as m0015 from './0015_product_shelf.js';
import * as m0016 from './0016_import_progress.js';
import * as m0018 from './0018_stored_recommendations.js';
import * as m0019 from './0019_call_capacity_and_notes.js';
import * as m0021 from './0021_column_mappings.js';
import * as m0022 from './0022_insight_history_and_alerts.js';
import * as m0023 from './0023_api_keys_and_feed.js';
import * as m0024 from './0024_alert_digest.js';
import * as m0025 from './0025_file_fixes.js';
import * as m0026 from './0026_file_customer_ids.js';
import * as m0029 from './0029_idempotency_and_repeats.js';
import * as m0033 from './0033_product_governance.js';

/** Imported statically so the bundled server carries its migrations. Append only. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_customer_files': m0002,
  '0003_call_outcomes_and_audit': m0003,
  '0004_billing': m0004,
  '0005_customer_list_index': m0005,
  '0006_customer_supplied_by': m0006,
  '0007_top_biases_json': m0007,
  '0008_firm_data_versions': m0008,
  '0009_firm_partitions': m0009,
  '0010_call_outcome_reopened': m0010,
  '0011_import_heartbeat': m0011,
  '0012_sessions_and_password_reset': m0012,
  '0013_shared_state': m0013,
  '0015_product_shelf': m0015,
  '0016_import_progress': m0016,
  '0018_stored_recommendations': m0018,
  '0019_call_capacity_and_notes': m0019,
  '0021_column_mappings': m0021,
  '0022_insight_history_and_alerts': m0022,
  '0023_api_keys_and_feed': m0023,
  '0024_alert_digest': m0024,
  '0025_file_fixes': m0025,
  '0026_file_customer_ids': m0026,
  '0029_idempotency_and_repeats': m0029,
  '0033_product_governance': m0033,
};
