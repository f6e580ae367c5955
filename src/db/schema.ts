/**
 * The whole database at a glance: each area's tables (`src/features/<area>/<area>.tables.ts`),
 * the delivery engine's and the job runner's. The one place below the features that names them, and only
 * as types: a new table is added to its area's list, not here.
 */
import type { DeliveryTables } from '../delivery/delivery.table.js';
import type { AccountTables } from '../features/account/account.tables.js';
import type { MarketingTables } from '../features/marketing/marketing.tables.js';
import type { NotifyTables } from '../features/notify/notify.tables.js';
import type { JobsTable } from '../queue/jobs.table.js';

export interface Database extends AccountTables, NotifyTables, MarketingTables, DeliveryTables {
  /** The generic job runner's tasks (src/queue/jobs.ts). */
  jobs: JobsTable;
}
