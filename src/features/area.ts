/**
 * What every area module (`<area>/<area>.module.ts`) is given to build its services: the
 * database, the configuration, and the parts of delivery a feature may use (waking the
 * worker, composing for /raw, the signing keys, the system sender). Built once by
 * runtime.ts; an area never builds shared infrastructure itself.
 */
import type { Config } from '../config.js';
import type { DbHandle } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import type { CopyTracking, MessageComposer } from '../delivery/compose.js';
import type { WorkSignal } from '../delivery/work-signal.js';
import type { SendObserver } from '../metrics/observers.js';
import type { RecordSettings } from './notify/domains/domain-records.js';
import type { ContentSigningKeyPins, DomainSigningKeys } from './notify/domains/signing-keys.js';
import type { EventLog } from './notify/events/event-listeners.js';

export interface AreaContext {
  handle: DbHandle;
  config: Readonly<Config>;
  /** What time decisions (tokens, windows, schedules) read; a test's own clock in tests. */
  clock: Clock;
  /** The API's public base URL, known only once it listens (PORT=0 picks the port then). */
  publicUrl: () => string;
  /** Told about every accepted send (metrics, and the worker's send-pressure meter in `start`). */
  sendObserver: SendObserver;
  /** The one write path of events, with the listeners the runtime wired in (webhooks, campaign counters). */
  events: EventLog;
  delivery: {
    workSignal: WorkSignal;
    composer: MessageComposer;
    signingKeys: DomainSigningKeys;
    /** The keys fixed for campaign copies; a deleted domain's go with it. */
    signingKeyPins: ContentSigningKeyPins;
    /** From address of the mail Postwire sends itself (SYSTEM_FROM or its default). */
    systemFrom: string;
    domainRecords: RecordSettings;
    /** The tracking links' signer and base URL (the composer puts them in copies; the public endpoints verify them). */
    tracking: CopyTracking;
  };
}
