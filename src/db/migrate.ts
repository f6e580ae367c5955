/**
 * Runs the one set of migrations in `migrations/` on either dialect. The list is
 * static (no directory scan) so a bundled or relocated build still finds every step.
 */
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { AppError } from '../errors.js';
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
import * as m0026 from '../../migrations/0026_templates_campaign_syntax.js';
import * as m0027 from '../../migrations/0027_account_postal_address.js';
import * as m0028 from '../../migrations/0028_contact_activity_webhook_answers.js';
import * as m0030 from '../../migrations/0030_inbound.js';
import * as m0031 from '../../migrations/0031_message_contents.js';
import * as m0032 from '../../migrations/0032_retention.js';
import * as m0033 from '../../migrations/0033_privacy_erasures.js';
import * as m0034 from '../../migrations/0034_inbound_webhook_secret.js';
import * as m0035 from '../../migrations/0035_campaign_archive.js';
import * as m0036 from '../../migrations/0036_dashboard_indexes.js';
import * as m0037 from '../../migrations/0037_kept_links.js';
import * as m0038 from '../../migrations/0038_slimmer_copies.js';
import * as m0039 from '../../migrations/0039_events_by_account.js';
import * as m0040 from '../../migrations/0040_slim_copy_rows.js';
import * as m0041 from '../../migrations/0041_hot_copy_updates.js';
import * as m0042 from '../../migrations/0042_content_signing_keys.js';
import * as m0043 from '../../migrations/0043_campaign_copy_rows.js';
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
  '0026_templates_campaign_syntax': m0026,
  '0027_account_postal_address': m0027,
  '0028_contact_activity_webhook_answers': m0028,
  '0030_inbound': m0030,
  '0031_message_contents': m0031,
  '0032_retention': m0032,
  '0033_privacy_erasures': m0033,
  '0034_inbound_webhook_secret': m0034,
  '0035_campaign_archive': m0035,
  '0036_dashboard_indexes': m0036,
  '0037_kept_links': m0037,
  '0038_slimmer_copies': m0038,
  '0039_events_by_account': m0039,
  '0040_slim_copy_rows': m0040,
  '0041_hot_copy_updates': m0041,
  '0042_content_signing_keys': m0042,
  '0043_campaign_copy_rows': m0043,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

const MIGRATION_TABLE = 'postwire_migrations';

export interface AppliedMigration {
  name: string;
  executedAt: Date;
}

export interface MigrationStatus {
  applied: AppliedMigration[];
  /** Known to this version, not yet applied. */
  pending: string[];
  /** Applied, but unknown to this version: the database was upgraded by a newer Postwire. */
  unknown: AppliedMigration[];
}

/** What the database has applied, against the migrations this version knows. */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const tables = await db.introspection.getTables();
  const rows = tables.some((table) => table.name === MIGRATION_TABLE)
    ? (await sql<{ name: string; timestamp: string }>`select name, timestamp from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db)).rows
    : [];
  const applied = rows.map((row) => ({ name: row.name, executedAt: new Date(row.timestamp) }));
  const done = new Set(applied.map((m) => m.name));
  return {
    applied: applied.filter((m) => m.name in MIGRATIONS),
    pending: Object.keys(MIGRATIONS).filter((name) => !done.has(name)),
    unknown: applied.filter((m) => !(m.name in MIGRATIONS)),
  };
}

/**
 * Refuses a database a newer Postwire has migrated: this code does not know its schema, and
 * running on it could write rows the newer one misreads. One line, for the operator.
 */
export async function refuseNewerDatabase(db: Db): Promise<void> {
  const { unknown } = await migrationStatus(db);
  if (unknown.length === 0) return;
  const names = unknown.map((m) => m.name).join(', ');
  throw new AppError(
    'conflict',
    `The database is newer than this version of Postwire (it has migration ${names}, which this version does not know); run the newer version, or restore a backup made before the upgrade (docs/upgrading.md).`,
  );
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  await refuseNewerDatabase(db);
  const migrator = new Migrator({ db, provider, migrationTableName: MIGRATION_TABLE, migrationLockTableName: 'postwire_migrations_lock' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when every known migration has run: what /readyz reports. */
export async function isMigrated(db: Db): Promise<boolean> {
  const migrator = new Migrator({ db, provider, migrationTableName: MIGRATION_TABLE, migrationLockTableName: 'postwire_migrations_lock' });
  const all = await migrator.getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}
