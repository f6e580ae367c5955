/**
 * The capture inbox: what the capture transport kept, read as a mail client reads it,
 * and outcomes simulated for a captured recipient. A simulated bounce or complaint goes
 * through `recordFeedback`, the very function the inbound SMTP listener calls for a real
 * DSN or ARF report, so the recipient's state, the event, the suppression, the statistics
 * and the webhooks all move exactly as they would for real feedback. A simulated open or
 * click goes through the tracking service that the open pixel and the click redirect use
 * (tracking.service.ts `simulate`), with the same effects as a real hit.
 *
 * Only with TRANSPORT=capture: on a server that delivers for real, a tenant must not be able
 * to fabricate bounces (they would suppress addresses and fire webhooks on a lie), so the
 * routes answer 404 there, as for a path that does not exist.
 */
import { parseMail } from '../../../lib/mail-parser.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { iso, listResult, toPage, type ListResult } from '../../../lib/api-shape.js';
import { isId } from '../../../lib/ids.js';
import type { EventLog } from '../events/event-listeners.js';
import { recordFeedback } from '../suppressions/suppressions.service.js';
import type { TrackingService } from '../tracking/tracking.service.js';
import type { CapturedEmail, CapturedSummary, ClearResult, InboxQuery, SimulateBody } from './capture-inbox.schemas.js';
import { deleteAllCaptured, deleteCaptured } from '../../../delivery/transports/capture.js';
import { findCaptured, listCaptured } from './capture-inbox.store.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

type SummaryRow = Awaited<ReturnType<typeof listCaptured>>['rows'][number];

function toSummary(row: Omit<SummaryRow, 'size'>, size: number): CapturedSummary {
  return {
    id: row.id,
    createTime: iso(Number(row.created_at)),
    messageId: row.message_id,
    recipientId: row.recipient_id,
    envelopeFrom: row.envelope_from,
    envelopeTo: row.envelope_to,
    fromEmail: row.from_email,
    fromName: row.from_name,
    subject: row.subject,
    recipientState: row.recipient_state,
    sizeBytes: size,
  };
}

export class CaptureInboxService {
  constructor(
    private readonly db: Db,
    private readonly enabled: boolean,
    private readonly tracking: Pick<TrackingService, 'simulate'>,
    /** The process's event log: a simulated bounce's or complaint's event reaches its listeners. */
    private readonly events: EventLog,
    private readonly clock: Clock = systemClock,
  ) {}

  private async captured(principal: Principal, id: string) {
    this.requireCapture();
    const row = await findCaptured(this.db, principal.accountId, id);
    if (!row) throw AppError.notFound('The captured message');
    return row;
  }

  private requireCapture(): void {
    if (!this.enabled) throw new AppError('not_found', 'The capture inbox exists only when the server runs with TRANSPORT=capture.');
  }

  async list(principal: Principal, query: InboxQuery): Promise<ListResult<CapturedSummary>> {
    this.requireCapture();
    const { rows, total } = await listCaptured(this.db, principal.accountId, { to: query.to, q: query.q?.trim() }, toPage(query));
    return listResult(
      rows.map((row) => toSummary(row, Number(row.size))),
      total,
    );
  }

  /** Removes one copy from the inbox; the message, its recipient and events stay (the inbox only shows what was captured). */
  async remove(principal: Principal, id: string): Promise<void> {
    this.requireCapture();
    if (!isId(id) || !(await deleteCaptured(this.db, principal.accountId, id))) throw AppError.notFound('The captured message');
  }

  /** Empties the account's inbox. */
  async clear(principal: Principal): Promise<ClearResult> {
    this.requireCapture();
    return { deleted: await deleteAllCaptured(this.db, principal.accountId) };
  }

  async get(principal: Principal, id: string): Promise<CapturedEmail> {
    const row = await this.captured(principal, id);
    const parsed = await parseMail(row.raw, { skipImageLinks: true, skipTextToHtml: true });
    const headers = parsed.headerLines.map(({ line }) => {
      const colon = line.indexOf(':');
      return {
        name: line.slice(0, colon),
        value: line
          .slice(colon + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      };
    });
    return {
      ...toSummary(row, Buffer.byteLength(row.raw)),
      headers,
      html: typeof parsed.html === 'string' ? parsed.html : null,
      text: parsed.text ?? null,
      attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size })),
      raw: row.raw,
    };
  }

  /** Attachment `index` of the captured copy (in the order `get` lists them), decoded from its MIME. */
  async attachment(principal: Principal, id: string, index: number): Promise<{ filename: string; contentType: string; content: Buffer }> {
    const row = await this.captured(principal, id);
    const parsed = await parseMail(row.raw, { skipImageLinks: true, skipTextToHtml: true });
    const found = parsed.attachments[index];
    if (!found) throw AppError.notFound('The attachment');
    return { filename: found.filename ?? '', contentType: found.contentType, content: found.content };
  }

  async simulate(principal: Principal, id: string, body: SimulateBody) {
    const row = await this.captured(principal, id);
    if (body.url !== undefined && body.outcome !== 'click') throw AppError.field('url', 'is only for outcome click');
    if (body.outcome === 'open' || body.outcome === 'click') {
      const hit = await this.tracking.simulate(principal.accountId, row.recipient_id, body.outcome, body.url);
      return { recipientId: row.recipient_id, email: hit.email, recorded: true, suppressed: false, ...(hit.url !== undefined ? { url: hit.url } : {}) };
    }
    const result = await recordFeedback(this.db, this.events, {
      recipientId: row.recipient_id,
      at: this.clock.now(),
      type: body.outcome === 'bounce' ? 'bounced' : 'complained',
      details:
        body.outcome === 'bounce'
          ? { simulated: true, status: '5.1.1', response: '550 5.1.1 Simulated bounce from the capture inbox' }
          : { simulated: true, feedbackType: 'abuse' },
    });
    if (!result) throw AppError.notFound('The captured message');
    return { recipientId: result.recipientId, email: result.email, recorded: result.recorded, suppressed: result.suppressed };
  }
}
