/**
 * Everything a running Postwire's features offer, by area, plus the shared parts the HTTP
 * application needs (the database for health, the metrics registry). runtime.ts builds it;
 * app.ts and the tests take it. A type of its own so that neither imports the other.
 */
import type { DbHandle } from './db/database.js';
import type { WorkSignal } from './delivery/work-signal.js';
import type { AccountServices } from './features/account/account.module.js';
import type { MarketingServices } from './features/marketing/marketing.module.js';
import type { EventLog, NotifyServices } from './features/notify/notify.module.js';
import type { PrivacyService } from './features/system/privacy/privacy.service.js';
import type { Metrics } from './metrics/metrics.js';

export interface Services extends AccountServices, NotifyServices {
  handle: DbHandle;
  marketing: MarketingServices;
  /** A person's data: export and erasure (docs/privacy.md). */
  privacy: PrivacyService;
  workSignal: WorkSignal;
  /** The process's one write path of events, with the listeners the runtime wired (runtime.ts). */
  eventLog: EventLog;
  metrics: Metrics;
}
