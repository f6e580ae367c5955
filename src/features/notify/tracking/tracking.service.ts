/**
 * The public side of tracking: opens (the pixel), clicks (the redirect), unsubscribes (RFC
 * 8058 one-click and the hosted page) and the web version, each through a signed token naming
 * a recipient. A token that does not verify, or names a recipient that is gone or did not ask
 * for this, is a 404 like any unknown path: nothing tells a forged token from a stale one.
 *
 * Opens and clicks are answered without waiting for their write (a lingering group commit):
 * the answer is the same either way, and a hit lost to a crash is only uncounted. An
 * unsubscribe waits for its commit, since the person is told it is done. Every event goes
 * through the event log, so webhooks and campaign counters see it. The capture inbox's
 * simulated hits use the same path (`simulate`); only the judgement differs.
 */
import type { Db, Reads, Trx } from '../../../db/database.js';
import { GroupCommit } from '../../../db/group-commit.js';
import { TRACKING_PATHS } from '../../../delivery/compose.js';
import { AppError } from '../../../errors.js';
import { fillCopyLinks } from '../../../lib/copy-links.js';
import { judgeHit, simulatedHit, type Hit } from '../../../lib/engagement.js';
import { trackableLinks } from '../../../lib/tracked-html.js';
import type { TrackingKind, TrackingTokens } from '../../../lib/tracking-tokens.js';
import { type EventLog, newEventRow } from '../events/events.service.js';
import type { EventRow, EventType } from '../events/events.table.js';
import { suppressAddress } from '../suppressions/suppressions.service.js';
import { findTrackedRecipient, markFirstOpens, type TrackedRecipient } from './tracking.store.js';
import { withRenderedContent } from '../messages/messages.content.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

/** How long an open or click waits for others before its commit starts: hits come in bursts (a campaign read at 9:00). */
const ENGAGEMENT_LINGER_MS = 50;

/** The request facts an open or a click is judged by (lib/engagement.ts). */
export type HitRequest = Omit<Hit, 'kind' | 'deliveredAt' | 'at'>;

export type UnsubscribeVia = 'one_click' | 'page';

/** A hit handed to the engagement commit; `recorded` settles when it is written (or rejects: the caller logs it). */
export interface Recording {
  recorded: Promise<void>;
}

interface Engaged {
  type: Extract<EventType, 'opened' | 'clicked'>;
  recipient: TrackedRecipient;
  details: Record<string, unknown>;
  at: number;
}

interface Unsubscribe {
  recipient: TrackedRecipient;
  via: UnsubscribeVia;
  at: number;
}

function eventOf(type: EventType, recipient: TrackedRecipient, details: Record<string, unknown>, at: number): EventRow {
  return newEventRow({
    accountId: recipient.account_id,
    messageId: recipient.message_id,
    recipientId: recipient.id,
    email: recipient.email,
    type,
    details,
    at,
    soleRecipient: recipient.recipient_count === 1,
  });
}

/**
 * The hits' events; a copy's first open is also a `unique_opened` event, with the same
 * details, right after its `opened` (the original service's "unique open" webhook event).
 */
async function writeEngagement(events: EventLog, trx: Trx, items: Engaged[]): Promise<void> {
  const opens = items.filter((item) => item.type === 'opened');
  const firsts = await markFirstOpens(trx, [...new Set(opens.map((item) => item.recipient.id))], Math.min(...opens.map((item) => item.at)));
  const rows: EventRow[] = [];
  for (const item of items) {
    rows.push(eventOf(item.type, item.recipient, item.details, item.at));
    // Two opens of one copy in this commit: the first one given is the first open.
    if (item.type === 'opened' && firsts.delete(item.recipient.id)) rows.push(eventOf('unique_opened', item.recipient, item.details, item.at));
  }
  await events.record(trx, rows);
}

/** The address on the account's list (reason unsubscribe) and, when it was not there yet, the `unsubscribed` event. */
async function writeUnsubscribes(events: EventLog, trx: Trx, items: Unsubscribe[]): Promise<void> {
  const rows: EventRow[] = [];
  for (const { recipient, via, at } of items) {
    const added = await suppressAddress(trx, {
      accountId: recipient.account_id,
      email: recipient.email,
      reason: 'unsubscribe',
      at,
      details: { messageId: recipient.message_id, recipientId: recipient.id, via },
    });
    // A second use of the link (or of another message's) changes nothing and says nothing twice.
    if (added) rows.push(eventOf('unsubscribed', recipient, { via }, at));
  }
  await events.record(trx, rows);
}

const WANTS: Record<TrackingKind, (r: TrackedRecipient) => boolean> = {
  open: (r) => Boolean(r.track_opens),
  click: (r) => Boolean(r.track_clicks),
  unsubscribe: (r) => Boolean(r.list_unsubscribe),
  // Only a copy composed with the link has the token.
  webversion: () => true,
};

export class TrackingService {
  private readonly engagement: GroupCommit<Engaged>;
  private readonly unsubscribes: GroupCommit<Unsubscribe>;

  constructor(
    db: Db,
    /** Where the token's recipient is read: committed rows, off the writer (DbHandle `reads`). */
    private readonly reads: Reads,
    private readonly tokens: TrackingTokens,
    /** The process's event log: opens, clicks and unsubscribes reach its listeners (webhooks, campaign counters). */
    events: EventLog,
    /** When a hit happens (a click within the scanner window of delivery is a scanner's). */
    private readonly clock: Clock = systemClock,
  ) {
    this.engagement = new GroupCommit(db, (trx, items) => writeEngagement(events, trx, items), { lingerMs: ENGAGEMENT_LINGER_MS, flushAt: 200 });
    this.unsubscribes = new GroupCommit(db, (trx, items) => writeUnsubscribes(events, trx, items));
  }

  /** The HTML that was sent to the recipient: its own when the send was personalised (compose.ts). */
  private static htmlOf(recipient: TrackedRecipient): string {
    return recipient.content !== null ? (JSON.parse(recipient.content) as { html: string }).html : recipient.html_content;
  }

  /** The copy's links: from its HTML, or, once retention cleared that, the links the purge kept. */
  private static linksOf(recipient: TrackedRecipient): string[] {
    const kept = recipient.copy_kept_links ?? recipient.kept_links;
    if (kept !== null && TrackingService.htmlOf(recipient) === '') return JSON.parse(kept) as string[];
    return trackableLinks(TrackingService.htmlOf(recipient));
  }

  /** The recipient a genuine token of this kind names, if its message asked for that kind of tracking. */
  private async recipientOf(token: string, kind: TrackingKind): Promise<{ recipient: TrackedRecipient; linkIndex?: number } | undefined> {
    const claim = this.tokens.verify(token);
    if (!claim || claim.kind !== kind) return undefined;
    const recipient = await findTrackedRecipient(this.reads, claim.recipientId);
    if (!recipient || !WANTS[kind](recipient)) return undefined;
    // An open needs no HTML; a click and the web version read the copy's links.
    if (kind !== 'open') await withRenderedContent(this.reads, [recipient]);
    return { recipient, ...(claim.linkIndex !== undefined ? { linkIndex: claim.linkIndex } : {}) };
  }

  /** An open of the recipient's copy; undefined: no such open token. `recorded` settles with its commit: answer without it (see the header). */
  async open(token: string, request: HitRequest): Promise<Recording | undefined> {
    const found = await this.recipientOf(token, 'open');
    if (!found) return undefined;
    const at = this.clock.now();
    const judged = judgeHit({ ...request, kind: 'open', deliveredAt: found.recipient.sent_at, at });
    return { recorded: this.engagement.submit({ type: 'opened', recipient: found.recipient, details: { ...judged }, at }) };
  }

  /** The URL link N of the recipient's copy leads to, and the click's recording; undefined: no such click token or link. */
  async click(token: string, request: HitRequest): Promise<(Recording & { url: string }) | undefined> {
    const found = await this.recipientOf(token, 'click');
    if (!found) return undefined;
    const { recipient, linkIndex = 0 } = found;
    const url = TrackingService.linksOf(recipient)[linkIndex];
    if (url === undefined) return undefined;
    const at = this.clock.now();
    const judged = judgeHit({ ...request, kind: 'click', deliveredAt: recipient.sent_at, at });
    const details = { url, linkIndex, ...judged };
    return { url, recorded: this.engagement.submit({ type: 'clicked', recipient, details, at }) };
  }

  /**
   * An open or a click of the account's recipient, simulated from the capture inbox, and
   * waited for (the caller shows it at once). A click follows `url`, which must be one of the
   * copy's links (a real click cannot reach any other: tracking.routes.ts), or its first link.
   * A message sent without that kind of tracking is a 409: real mail could not record it either.
   */
  async simulate(accountId: string, recipientId: string, kind: 'open' | 'click', url?: string): Promise<{ email: string; url?: string }> {
    const recipient = await findTrackedRecipient(this.reads, recipientId, accountId);
    if (!recipient) throw AppError.notFound('The recipient');
    if (kind === 'click') await withRenderedContent(this.reads, [recipient]);
    if (!WANTS[kind](recipient)) {
      const option = kind === 'open' ? 'trackOpens' : 'trackClicks';
      throw new AppError(
        'conflict',
        `This message was sent without ${kind} tracking (${option}), so no ${kind} can be recorded for it, as none could be for real mail. Send with "${option}": true to try ${kind}s.`,
      );
    }
    const at = this.clock.now();
    if (kind === 'open') {
      await this.engagement.submit({ type: 'opened', recipient, details: { ...simulatedHit() }, at });
      return { email: recipient.email };
    }
    const links = TrackingService.linksOf(recipient);
    if (links.length === 0) throw new AppError('conflict', 'This message has no http or https link to click.');
    const linkIndex = url === undefined ? 0 : links.indexOf(url);
    if (linkIndex === -1) {
      const shown = links.slice(0, 5).join(', ') + (links.length > 5 ? ', …' : '');
      throw AppError.field('url', `is not a link of this message (its links: ${shown})`);
    }
    const followed = links[linkIndex]!;
    await this.engagement.submit({ type: 'clicked', recipient, details: { url: followed, linkIndex, ...simulatedHit() }, at });
    return { email: recipient.email, url: followed };
  }

  /** What the confirmation page shows (the From name; never the address); undefined: no such unsubscribe token. */
  async unsubscribePage(token: string): Promise<{ fromName: string } | undefined> {
    const found = await this.recipientOf(token, 'unsubscribe');
    return found && { fromName: found.recipient.from_name };
  }

  /** Unsubscribes at once (RFC 8058) and waits until that is committed; undefined: no such unsubscribe token. */
  async unsubscribe(token: string, via: UnsubscribeVia): Promise<{ fromName: string } | undefined> {
    const found = await this.recipientOf(token, 'unsubscribe');
    if (!found) return undefined;
    await this.unsubscribes.submit({ recipient: found.recipient, via, at: this.clock.now() });
    return { fromName: found.recipient.from_name };
  }

  /**
   * The recipient's copy as a web page (its web-version link): the HTML that was sent to it,
   * its unsubscribe link working there too (relative: the page is on the same origin), no
   * tracking. Undefined: no such web-version token.
   */
  async webVersion(token: string): Promise<string | undefined> {
    const found = await this.recipientOf(token, 'webversion');
    if (!found) return undefined;
    const { recipient } = found;
    const html = recipient.content !== null ? (JSON.parse(recipient.content) as { html: string }).html : recipient.html_content;
    return fillCopyLinks(html, {
      unsubscribe: recipient.list_unsubscribe ? `${TRACKING_PATHS.unsubscribe}${this.tokens.sign({ kind: 'unsubscribe', recipientId: recipient.id })}` : '',
      webversion: `${TRACKING_PATHS.webversion}${token}`,
    });
  }

  /** Writes what is still waiting (graceful shutdown). */
  async drain(): Promise<void> {
    await Promise.all([this.engagement.drain(), this.unsubscribes.drain()]);
  }
}
