/**
 * The campaign counters, kept by a listener on the event write path (wired into the runtime's
 * event log): every event of a campaign's recipient changes that recipient's record
 * (`campaign_recipients`) and the campaign's counters in the transaction that writes the
 * event, so the counters always equal what the records say, and a rolled-back event counted
 * nothing. Each counter counts a recipient once, by a conditional update that reports whether
 * it changed anything (a repeated or racing event counts nothing). Opens and clicks flagged as
 * machine traffic count in the totals only; the per-event rules are `countEvent` below.
 *
 * A `deferred` event counts nothing, but a paused campaign's retried delivery is held like its
 * other jobs and a cancelled one's is withdrawn. `finished` lets the campaign end once dispatch
 * is done and nothing is in flight.
 */
import type { DbOrTrx } from '../../../db/database.js';
import { holdDeliveries } from '../../../delivery/enqueue.js';
import type { EventListener, EventLog, EventRow } from '../../notify/notify.module.js';
import { CAMPAIGN_STATUS, type CampaignOutcome, type CampaignRow } from './campaigns.table.js';
import { cancelDeliveries } from './campaign-cancel.js';
import {
  addToCounters,
  campaignRecipientsOf,
  countLinkClick,
  type CounterDeltas,
  finishIfDone,
  type CountedCampaign,
  noCounterDeltas,
  setFirst,
  setOutcome,
  setOutcomes,
  statusesOf,
} from './campaigns.store.js';

const COUNTED: ReadonlySet<string> = new Set([
  'deferred',
  'sent',
  'delivered',
  'bounced',
  'suppressed',
  'cancelled',
  'complained',
  'unsubscribed',
  'opened',
  'clicked',
]);

function detailsOf(row: EventRow): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(row.details);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A bounce is hard when the recipient was refused (not a retry running out, not a refused sender or content). */
export function bounceKind(details: Record<string, unknown>): 'bounced_hard' | 'bounced_soft' {
  if (details.expired === true) return 'bounced_soft';
  const refused = details.refused;
  return refused === undefined || refused === 'recipient' ? 'bounced_hard' : 'bounced_soft';
}

/** What a campaign that has just ended should do in the same transaction (notifyWhenEnd's mail). */
export type OnCampaignEnded = (trx: DbOrTrx, events: EventLog, campaign: CampaignRow, at: number) => Promise<void>;

/** The listener; `onEnded` is told about each campaign an event finished. */
export function campaignCounterListener(onEnded: OnCampaignEnded): EventListener {
  return {
    async onEvents(trx, rows, { log }) {
      const relevant = rows.filter((r) => r.recipient_id !== null && COUNTED.has(r.type));
      if (relevant.length === 0) return;
      const records = await campaignRecipientsOf(trx, [...new Set(relevant.map((r) => r.recipient_id!))]);
      if (records.length === 0) return;
      const campaignOf = new Map(records.map((r) => [r.recipient_id, r.campaign_id]));
      const deltas = new Map<string, CounterDeltas>();
      const deferred = new Map<string, string[]>();
      const finals = await setFinalOutcomes(
        trx,
        relevant.filter((e) => campaignOf.has(e.recipient_id!)),
      );
      let latest = 0;
      let deferredAt = 0;
      for (const event of relevant) {
        const campaignId = campaignOf.get(event.recipient_id!);
        if (!campaignId) continue;
        if (event.type === 'deferred') {
          // Dated by the deferrals themselves (the writer's clock): nothing here reads a clock.
          deferredAt = Math.max(deferredAt, event.created_at);
          deferred.set(campaignId, [...(deferred.get(campaignId) ?? []), event.recipient_id!]);
          continue;
        }
        let d = deltas.get(campaignId);
        if (!d) deltas.set(campaignId, (d = noCounterDeltas()));
        latest = Math.max(latest, event.created_at);
        await countEvent(trx, event, campaignId, d, finals);
      }
      if (deferred.size) await stopRetriesOfStopped(trx, log, deferred, deferredAt);
      for (const [campaignId, d] of deltas) {
        const counted = await addToCounters(trx, campaignId, d);
        // The counters' row, as this update left it, says whether the campaign may be done:
        // only then the conditional end (one statement less in every other outcome commit).
        if (d.finished > 0 && counted && mayHaveEnded(counted)) {
          const ended = await finishIfDone(trx, campaignId, latest);
          if (ended) await onEnded(trx, log, ended, latest);
        }
      }
    },
  };
}

/** Whether finishIfDone could end the campaign: its condition, read from the counters' row as an update left it. */
function mayHaveEnded(row: CountedCampaign): boolean {
  return row.status === CAMPAIGN_STATUS.sending && row.dispatched_at !== null && row.finished >= row.total_recipients;
}

/** Deferred deliveries of paused campaigns are held; of cancelled ones, taken back (see the header). */
async function stopRetriesOfStopped(trx: DbOrTrx, events: EventLog, deferred: Map<string, string[]>, now: number): Promise<void> {
  const statuses = await statusesOf(trx, [...deferred.keys()]);
  for (const [campaignId, recipientIds] of deferred) {
    const status = statuses.get(campaignId);
    if (status === CAMPAIGN_STATUS.paused) await holdDeliveries(trx, recipientIds);
    else if (status === CAMPAIGN_STATUS.cancelled) await cancelDeliveries(trx, events, campaignId, { recipientIds }, now);
  }
}

/** The final outcome an event gives its recipient's record, if it is one. */
function finalOutcomeOf(event: EventRow): CampaignOutcome | undefined {
  switch (event.type) {
    case 'sent':
    case 'delivered':
      return 'delivered';
    case 'bounced':
      return bounceKind(detailsOf(event));
    case 'suppressed':
    case 'cancelled':
      return event.type;
    default:
      return undefined;
  }
}

/** Final outcomes already set for the batch (setFinalOutcomes): the events they cover, and the recipients whose record changed. */
interface SetFinals {
  events: ReadonlySet<EventRow>;
  changed: ReadonlySet<string>;
}

/**
 * The final outcomes of the batch's events set in one statement per kind (the worker's
 * outcomes come a group commit at a time; one UPDATE each, waited for in turn, held that
 * commit open), for the recipients named by one event only: with two or more (a DSN bounce
 * after `delivered` in the same batch), the order matters and countEvent sets them one by
 * one as before. Whether the record changed decides the count, as with setOutcome.
 */
async function setFinalOutcomes(trx: DbOrTrx, events: EventRow[]): Promise<SetFinals> {
  const seen = new Map<string, number>();
  for (const e of events) seen.set(e.recipient_id!, (seen.get(e.recipient_id!) ?? 0) + 1);
  const covered = new Set<EventRow>();
  const outcomes: { recipientId: string; outcome: CampaignOutcome; deliveredAt: number | null }[] = [];
  for (const e of events) {
    const outcome = finalOutcomeOf(e);
    if (outcome === undefined || seen.get(e.recipient_id!) !== 1) continue;
    covered.add(e);
    outcomes.push({ recipientId: e.recipient_id!, outcome, deliveredAt: outcome === 'delivered' ? e.created_at : null });
  }
  return { events: covered, changed: await setOutcomes(trx, outcomes) };
}

async function countEvent(trx: DbOrTrx, event: EventRow, campaignId: string, d: CounterDeltas, finals: SetFinals): Promise<void> {
  const id = event.recipient_id!;
  const at = event.created_at;
  const final = async (outcome: CampaignOutcome) =>
    finals.events.has(event) ? finals.changed.has(id) : (await setOutcome(trx, id, outcome, null, outcome === 'delivered' ? at : null)) !== undefined;
  switch (event.type) {
    case 'sent':
    case 'delivered':
      if (await final('delivered')) {
        d.finished++;
        d.sent++;
        d.delivered++;
      }
      return;
    case 'bounced': {
      const kind = bounceKind(detailsOf(event));
      const column = kind === 'bounced_hard' ? 'bounce_hard' : 'bounce_soft';
      if (await final(kind)) {
        d.finished++;
        d.sent++;
        d[column]++;
      } else if (await setOutcome(trx, id, kind, 'delivered', null)) {
        // An asynchronous bounce (DSN) after the relay had accepted: no longer delivered.
        d.delivered--;
        d[column]++;
      }
      return;
    }
    case 'suppressed':
    case 'cancelled':
      if (await final(event.type)) d.finished++;
      return;
    case 'complained':
      if (await setFirst(trx, id, 'complained_at', at)) d.spam_reported++;
      return;
    case 'unsubscribed':
      if (await setFirst(trx, id, 'unsubscribed_at', at)) d.unsubscribed++;
      return;
    case 'opened': {
      d.total_opens++;
      d.lastOpenAt = Math.max(d.lastOpenAt ?? 0, at);
      if (detailsOf(event).flagged === true) return;
      const first = await setFirst(trx, id, 'first_open_at', at);
      if (first) {
        d.opened++;
        d.open_delay_sum_ms += Math.max(0, at - (first.delivered_at ?? first.created_at));
      }
      return;
    }
    case 'clicked': {
      d.total_clicks++;
      d.lastClickAt = Math.max(d.lastClickAt ?? 0, at);
      const details = detailsOf(event);
      const flagged = details.flagged === true;
      const linkIndex = details.linkIndex;
      // The tracking endpoint names the link; a click recorded without one counts in the campaign's totals only.
      if (typeof linkIndex === 'number' && Number.isInteger(linkIndex) && linkIndex >= 0)
        await countLinkClick(trx, { recipientId: id, campaignId, linkIndex, flagged, at });
      if (flagged) return;
      if (await setFirst(trx, id, 'first_click_at', at)) d.clicked++;
      return;
    }
    default:
      return;
  }
}
