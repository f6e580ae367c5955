/**
 * Runs the one set of migrations in `migrations/` on either dialect. The list is
 * static (no directory scan) so a bundled or relocated build still finds every step.
 */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from '../../migrations/0001_init.js';
import * as m0002 from '../../migrations/0002_delivery_engine.js';
import * as m0003 from '../../migrations/0003_webhooks.js';
import * as m0004 from '../../migrations/0004_account_area.js';
import * as m0005 from '../../migrations/0005_billing.js';
import * as m0006 from '../../migrations/0006_domains.js';
import * as m0007 from '../../migrations/0007_sending_options.js';
import * as m0008 from '../../migrations/0008_delivery_lanes.js';
import * as m0009 from '../../migrations/0009_marketing_audience.js';
import * as m0010 from '../../migrations/0010_smtp_submission.js';
import * as m0011 from '../../migrations/0011_jobs.js';
import * as m0012 from '../../migrations/0012_campaigns.js';
import * as m0013 from '../../migrations/0013_tracking.js';
import * as m0014 from '../../migrations/0014_forms_imports.js';
import * as m0015 from '../../migrations/0015_campaign_link_clicks.js';
import * as m0016 from '../../migrations/0016_account_queue_and_suppression_indexes.js';
import * as m0017 from '../../migrations/0017_message_list_indexes.js';
import * as m0018 from '../../migrations/0018_drop_superseded_indexes.js';
import * as m0019 from '../../migrations/0019_form_confirmation_counters.js';
import * as m0020 from '../../migrations/0020_campaign_failure_reason.js';
import * as m0021 from '../../migrations/0021_contact_import_charset.js';
import * as m0022 from '../../migrations/0022_contact_import_failure_reason.js';
import * as m0023 from '../../migrations/0023_first_opens.js';
import * as m0024 from '../../migrations/0024_template_layouts.js';
import * as m0025 from '../../migrations/0025_template_formats.js';
import * as m0027 from '../../migrations/0027_account_postal_address.js';
import type { Db } from './database.js';

const MIGRATIONS: Record<string, Migration> = {
  '0001_init': m0001,
  '0002_delivery_engine': m0002,
  '0003_webhooks': m0003,
  '0004_account_area': m0004,
  '0005_billing': m0005,
  '0006_domains': m0006,
  '0007_sending_options': m0007,
  '0008_delivery_lanes': m0008,
  '0009_marketing_audience': m0009,
  '0010_smtp_submission': m0010,
  '0011_jobs': m0011,
  '0012_campaigns': m0012,
  '0013_tracking': m0013,
  '0014_forms_imports': m0014,
  '0015_campaign_link_clicks': m0015,
  '0016_account_queue_and_suppression_indexes': m0016,
  '0017_message_list_indexes': m0017,
  '0018_drop_superseded_indexes': m0018,
  '0019_form_confirmation_counters': m0019,
  '0020_campaign_failure_reason': m0020,
  '0021_contact_import_charset': m0021,
  '0022_contact_import_failure_reason': m0022,
  '0023_first_opens': m0023,
  '0024_template_layouts': m0024,
  '0025_template_formats': m0025,
  '0027_account_postal_address': m0027,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'postwire_migrations', migrationLockTableName: 'postwire_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when every known migration has run: what /readyz reports. */
export async function isMigrated(db: Db): Promise<boolean> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'postwire_migrations', migrationLockTableName: 'postwire_migrations_lock' });
  const all = await migrator.getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}
