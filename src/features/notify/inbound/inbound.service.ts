/**
 * Rules of inbound mail: receiving domains (one account per domain, the MX record to
 * publish and its check), routes on them, and what the SMTP listener needs: which route a
 * recipient takes (`resolveRecipient`, at RCPT) and the durable write of a received
 * message (`receive`, before the listener answers 250).
 */
import { Resolver } from 'node:dns/promises';
import { listResult, type ListResult, type Page, iso, resourceFields } from '../../../lib/api-shape.js';
import type { Db } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { insertAcceptedMessages, type AcceptedMessage } from '../messages/messages.store.js';
import { AppError, type FieldError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { isId, newId } from '../../../lib/ids.js';
import type { OutboundPolicy } from '../../../lib/network-guard.js';
import { parseMail } from '../../../lib/mail-parser.js';
import { domainNameProblem } from '../domains/domain-records.js';
import { checkUrl } from '../webhooks/webhooks.service.js';
import { buildDocument, type DnsLookup, type Envelope, type SessionInfo } from './inbound-document.js';
import { normalizePattern, patternProblem, pickRoute, splitAddress } from './inbound-routing.js';
import type {
  CreateInboundDomainBody,
  CreateInboundRouteBody,
  InboundDocument,
  InboundDomain,
  InboundMessage,
  InboundRoute,
  MessageListQuery,
  PatchInboundRouteBody,
} from './inbound.schemas.js';
import {
  deleteInboundRoutes,
  findInboundDomainByName,
  findInboundMessage,
  findLiveInboundDomain,
  findLiveInboundRoute,
  findLiveRouteByPattern,
  findFirstSenderId,
  findSentMessageById,
  findSentMessageByHeader,
  insertInboundDomain,
  insertInboundMessages,
  insertInboundRoute,
  listDomainRoutes,
  listInboundMessages,
  listLiveInboundDomains,
  listLiveInboundRoutes,
  updateInboundDomain,
  updateInboundRoute,
  type InboundMessageSummaryRow,
} from './inbound.store.js';
import type { InboundAction, InboundDomainRow, InboundMessageRow, InboundRouteRow } from './inbound.table.js';
import { inboundMessageView } from './inbound.payload.js';
import { newWebhookSecret, secretPreview } from '../webhooks/webhooks.signing.js';
import { newDeliveryRow, queueDeliveries } from '../webhooks/webhooks.fan-out.js';
import type { EventLog } from '../events/event-listeners.js';
import { forwardedMessage } from './inbound-forward.js';
import { checkWithSpamd, type SpamdOptions, type SpamVerdict } from './spamc.js';

export interface InboundOptions {
  /** INBOUND_MX_HOST (or its fallbacks): where a receiving domain's MX must point. */
  mxHost: string;
  /** DNS_RESOLVER: `ip` or `ip:port`; absent: the system resolver. */
  resolver: string | undefined;
  outbound: OutboundPolicy;
  /** spamd scoring; absent: off. */
  spamd?: SpamdOptions & { rejectScore: number };
  /** What a forward route needs to send: the event log and SYSTEM_FROM; absent, forward routes keep the message only. */
  forward?: { events: EventLog; systemFrom: string; wake?: () => void };
  clock?: () => number;
}

/** What the listener answers at RCPT. */
export type RecipientDecision =
  | { kind: 'accept'; accountId: string; domainId: string; routeId: string }
  | { kind: 'reject'; code: number; message: string }
  | { kind: 'notOurs' };

/** What the listener answers at the end of DATA. */
export type ReceiveResult = { accepted: true; ids: string[] } | { accepted: false; code: number; message: string };

/** A route's action with its target fields as a request gives them, and as they are stored. */
type RouteTargetInput = Pick<CreateInboundRouteBody, 'action' | 'webhookUrl' | 'forwardTo' | 'rejectCode' | 'rejectMessage'>;
type RouteTarget = { webhookUrl: string | null; forwardTo: string | null; rejectCode: number | null; rejectMessage: string | null };

const MX_PRIORITY = 10;
const NO_ROUTE = { kind: 'reject', code: 550, message: '5.1.1 No such recipient here' } as const;

function isNoRecord(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOTFOUND' || code === 'ENODATA';
}

const hostOf = (value: string) => value.toLowerCase().replace(/\.$/, '');

/**
 * The document of a message the builder could not read at all. The builder answers for
 * every input it was fuzzed with; this is the guard that keeps an accepted message from
 * being lost to an input nobody thought of: the raw bytes are stored beside it.
 */
function unreadDocument(envelope: Envelope, session: SessionInfo, now: number, error: unknown): InboundDocument {
  const none = { result: 'temperror' };
  // PostgreSQL text takes no NUL; the mail_from column is written from this.
  const line = (value: string) => value.replace(/[\x00-\x1f\x7f]/g, ' ');
  return {
    envelope: { mailFrom: line(envelope.mailFrom), rcptTo: envelope.rcptTo.map(line), clientIp: session.clientIp, helo: session.helo, receivedTime: iso(now) },
    messageId: null,
    inReplyTo: null,
    references: [],
    from: [],
    to: [],
    cc: [],
    replyTo: [],
    subject: '',
    date: null,
    text: null,
    html: null,
    reply: '',
    attachments: [],
    headers: [],
    auth: { spf: { ...none, domain: null }, dkim: [], dmarc: { ...none, domain: null, policy: null }, arc: none },
    spam: null,
    parsed: { complete: false, problems: [`the message could not be read: ${String(error instanceof Error ? error.message : error).slice(0, 300)}`] },
  };
}

/**
 * The sent-message ids a per-message reply address carries: `anything+<message id>@…`, the id
 * as GET /notify/v1/messages shows it (a client that strips In-Reply-To still reaches it).
 */
export function replyAddressIds(recipients: readonly string[]): string[] {
  const ids: string[] = [];
  for (const recipient of recipients) {
    const local = splitAddress(recipient)?.localPart.toLowerCase() ?? '';
    const match = /\+([0-9a-f]{24})$/.exec(local);
    if (match) ids.push(match[1]!);
  }
  return ids;
}

export class InboundService {
  private readonly resolver: Resolver;
  private readonly lookup: DnsLookup;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: InboundOptions,
  ) {
    this.resolver = new Resolver({ timeout: 5_000, tries: 2 });
    if (options.resolver) this.resolver.setServers([options.resolver]);
    // TXT answers are string[][], the others string[]: what mailauth expects of node:dns.
    this.lookup = (name, rrtype) => this.resolver.resolve(name, rrtype) as Promise<string[][] | string[]>;
    this.now = options.clock ?? Date.now;
  }

  // Receiving domains

  toDomain(row: InboundDomainRow): InboundDomain {
    const found: string[] = row.mx_found ? JSON.parse(row.mx_found) : [];
    const status = row.checked_at === null ? 'unchecked' : row.verified_at !== null ? 'found' : found.length === 0 ? 'missing' : 'wrong';
    return {
      ...resourceFields(row),
      customerId: row.account_id,
      name: row.name,
      mx: { type: 'MX', name: row.name, value: `${MX_PRIORITY} ${this.options.mxHost}`, status, found },
      verified: row.verified_at !== null,
      lastCheckTime: row.checked_at === null ? null : iso(row.checked_at),
    };
  }

  async listDomains(principal: Principal, page: Page): Promise<ListResult<InboundDomain>> {
    const { rows, total } = await listLiveInboundDomains(this.db, principal.accountId, page);
    return listResult(
      rows.map((row) => this.toDomain(row)),
      total,
    );
  }

  async getDomain(principal: Principal, id: string): Promise<InboundDomain> {
    return this.toDomain(await this.requireDomain(principal, id));
  }

  async createDomain(principal: Principal, input: CreateInboundDomainBody): Promise<InboundDomain> {
    const name = input.name.trim().toLowerCase().replace(/\.$/, '');
    const problem = domainNameProblem(name);
    if (problem) throw AppError.field('name', problem);
    const now = this.now();
    const row: InboundDomainRow = {
      id: newId(now),
      account_id: principal.accountId,
      name,
      verified_at: null,
      checked_at: null,
      mx_found: null,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    // Unique across accounts: the other account's domain is not named as theirs, only as taken.
    const taken = () => new AppError('conflict', `The domain ${name} already receives mail through this server.`);
    await this.db
      .transaction()
      .execute(async (trx) => {
        if (await findInboundDomainByName(trx, name)) throw taken();
        await insertInboundDomain(trx, row);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? taken() : error;
      });
    return this.toDomain(row);
  }

  /** Looks the MX up; verified when one record names INBOUND_MX_HOST. A DNS server that does not answer changes nothing (503). */
  async verifyDomain(principal: Principal, id: string): Promise<InboundDomain> {
    const row = await this.requireDomain(principal, id);
    let found: string[];
    try {
      found = (await this.resolver.resolveMx(row.name)).map((mx) => `${mx.priority} ${hostOf(mx.exchange)}`);
    } catch (error) {
      if (!isNoRecord(error)) {
        const code = (error as { code?: string }).code ?? 'error';
        throw new AppError('unavailable', `The DNS server did not answer for ${row.name} (${code}); nothing was changed. Try again later.`, { cause: error });
      }
      found = [];
    }
    const inPlace = found.some((record) => hostOf(record.slice(record.indexOf(' ') + 1)) === hostOf(this.options.mxHost));
    const now = this.now();
    const changes = {
      verified_at: inPlace ? (row.verified_at ?? now) : null,
      checked_at: now,
      mx_found: JSON.stringify(found),
      updated_at: now,
      update_user_id: principal.userId,
    };
    if (!(await updateInboundDomain(this.db, principal.accountId, id, changes))) throw AppError.notFound('Receiving domain');
    return this.toDomain({ ...row, ...changes });
  }

  /** Soft delete with its routes: mail to it is refused from now on; messages already received stay. */
  async removeDomain(principal: Principal, id: string): Promise<void> {
    const now = this.now();
    const removed = await this.db.transaction().execute(async (trx) => {
      if (!isId(id) || !(await updateInboundDomain(trx, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }))) {
        return false;
      }
      await deleteInboundRoutes(trx, principal.accountId, { domainId: id }, now, principal.userId);
      return true;
    });
    if (!removed) throw AppError.notFound('Receiving domain');
  }

  // Routes

  /** `reveal`: the whole webhook secret, shown once, in the answer that creates the route; a preview after. */
  private toRoute(row: InboundRouteRow, domainName: string, reveal = false): InboundRoute {
    return {
      ...resourceFields(row),
      customerId: row.account_id,
      domainId: row.domain_id,
      domain: domainName,
      pattern: row.pattern,
      action: row.action,
      webhookUrl: row.webhook_url,
      webhookSecret: row.webhook_secret === null ? null : reveal ? row.webhook_secret : secretPreview(row.webhook_secret),
      forwardTo: row.forward_to,
      rejectCode: row.reject_code,
      rejectMessage: row.reject_message,
      description: row.description,
    };
  }

  private async withDomainNames(principal: Principal, rows: InboundRouteRow[]): Promise<InboundRoute[]> {
    const names = new Map<string, string>();
    for (const row of rows) {
      if (!names.has(row.domain_id)) names.set(row.domain_id, (await findLiveInboundDomain(this.db, principal.accountId, row.domain_id))?.name ?? '');
    }
    return rows.map((row) => this.toRoute(row, names.get(row.domain_id) ?? ''));
  }

  async listRoutes(principal: Principal, page: Page, domainId?: string): Promise<ListResult<InboundRoute>> {
    const { rows, total } = await listLiveInboundRoutes(this.db, principal.accountId, page, domainId);
    return listResult(await this.withDomainNames(principal, rows), total);
  }

  async getRoute(principal: Principal, id: string): Promise<InboundRoute> {
    const row = isId(id) ? await findLiveInboundRoute(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Route');
    return (await this.withDomainNames(principal, [row]))[0]!;
  }

  async createRoute(principal: Principal, input: CreateInboundRouteBody): Promise<InboundRoute> {
    const problems: FieldError[] = [];
    const domain = isId(input.domainId) ? await findLiveInboundDomain(this.db, principal.accountId, input.domainId) : undefined;
    if (!domain) problems.push({ field: 'domainId', message: 'must be the id of one of your receiving domains' });
    const pattern = normalizePattern(input.pattern);
    const problem = patternProblem(pattern);
    if (problem) problems.push({ field: 'pattern', message: problem });
    const { webhookUrl, forwardTo, rejectCode, rejectMessage } = await this.checkTarget(input, problems);
    if (!domain || problems.length > 0) throw AppError.validation(problems);

    const now = this.now();
    const row: InboundRouteRow = {
      id: newId(now),
      account_id: principal.accountId,
      domain_id: domain.id,
      pattern,
      action: input.action,
      webhook_url: webhookUrl,
      webhook_secret: webhookUrl === null ? null : newWebhookSecret(),
      forward_to: forwardTo,
      reject_code: rejectCode,
      reject_message: rejectMessage,
      description: input.description?.trim() || null,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    const duplicate = () => new AppError('conflict', `The domain ${domain.name} already has a route for ${pattern}.`);
    await this.db
      .transaction()
      .execute(async (trx) => {
        if (await findLiveRouteByPattern(trx, domain.id, pattern)) throw duplicate();
        await insertInboundRoute(trx, row);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicate() : error;
      });
    return this.toRoute(row, domain.name, true);
  }

  /**
   * Changes a route in place (its domain stays). Keeping the action keeps the targets not
   * given; a new action takes only the targets the request gives, so a webhook URL never
   * lingers on a route that now forwards. Checked as on create, every problem named.
   */
  async updateRoute(principal: Principal, id: string, input: PatchInboundRouteBody): Promise<InboundRoute> {
    const row = isId(id) ? await findLiveInboundRoute(this.db, principal.accountId, id) : undefined;
    const domain = row && (await findLiveInboundDomain(this.db, principal.accountId, row.domain_id));
    if (!row || !domain) throw AppError.notFound('Route');
    const problems: FieldError[] = [];
    const pattern = input.pattern === undefined ? row.pattern : normalizePattern(input.pattern);
    const problem = input.pattern === undefined ? undefined : patternProblem(pattern);
    if (problem) problems.push({ field: 'pattern', message: problem });
    const action = input.action ?? row.action;
    const kept =
      action === row.action
        ? {
            webhookUrl: row.webhook_url ?? undefined,
            forwardTo: row.forward_to ?? undefined,
            rejectCode: row.reject_code ?? undefined,
            rejectMessage: row.reject_message ?? undefined,
          }
        : {};
    const target = await this.checkTarget({ ...kept, ...input, action }, problems);
    if (problems.length > 0) throw AppError.validation(problems);

    const changes = {
      pattern,
      action,
      webhook_url: target.webhookUrl,
      // A route that becomes a webhook gets a secret of its own, shown in this answer once; one that stays keeps its secret.
      webhook_secret: target.webhookUrl === null ? null : (row.webhook_secret ?? newWebhookSecret()),
      forward_to: target.forwardTo,
      reject_code: target.rejectCode,
      reject_message: target.rejectMessage,
      description: input.description === undefined ? row.description : input.description.trim() || null,
      updated_at: this.now(),
      update_user_id: principal.userId,
    };
    const duplicate = () => new AppError('conflict', `The domain ${domain.name} already has a route for ${pattern}.`);
    await this.db
      .transaction()
      .execute(async (trx) => {
        const holder = await findLiveRouteByPattern(trx, row.domain_id, pattern);
        if (holder && holder.id !== row.id) throw duplicate();
        if (!(await updateInboundRoute(trx, principal.accountId, row.id, changes))) throw AppError.notFound('Route');
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicate() : error;
      });
    return this.toRoute({ ...row, ...changes }, domain.name, row.webhook_secret === null && changes.webhook_secret !== null);
  }

  /** The action's target fields, checked together: each field that does not fit the action or is invalid adds its problem. */
  private async checkTarget(input: RouteTargetInput, problems: FieldError[]): Promise<RouteTarget> {
    const target: RouteTarget = { webhookUrl: null, forwardTo: null, rejectCode: null, rejectMessage: null };
    const onlyFor = (field: keyof RouteTarget, action: InboundAction) => {
      if (input.action !== action && input[field] !== undefined) problems.push({ field, message: `is only for action ${action}` });
    };
    onlyFor('webhookUrl', 'webhook');
    onlyFor('forwardTo', 'forward');
    onlyFor('rejectCode', 'reject');
    onlyFor('rejectMessage', 'reject');
    switch (input.action) {
      case 'webhook':
        if (input.webhookUrl === undefined) problems.push({ field: 'webhookUrl', message: 'is required for action webhook' });
        else {
          try {
            target.webhookUrl = checkUrl('webhookUrl', input.webhookUrl, this.options.outbound);
          } catch (error) {
            if (!(error instanceof AppError) || !error.fieldErrors) throw error;
            problems.push(...error.fieldErrors);
          }
        }
        break;
      case 'forward': {
        if (input.forwardTo === undefined) {
          problems.push({ field: 'forwardTo', message: 'is required for action forward' });
          break;
        }
        target.forwardTo = input.forwardTo.trim().toLowerCase();
        // Forwarding into one of this server's own receiving domains could loop for ever.
        const address = splitAddress(target.forwardTo);
        if (address && (await findInboundDomainByName(this.db, address.domain))) {
          problems.push({ field: 'forwardTo', message: 'must not be at a domain this server receives mail for (the message would loop)' });
        }
        break;
      }
      case 'reject': {
        const code = input.rejectCode ?? 550;
        if (![4, 5].includes(Math.floor(code / 100)) || code % 100 >= 60) {
          problems.push({ field: 'rejectCode', message: 'must be an SMTP failure code, 4xx (try later) or 5xx (refused), like 550' });
        }
        const message = (input.rejectMessage ?? '').trim() || 'Mail to this address is not accepted';
        if (!/^[\x20-\x7e]*$/.test(message)) problems.push({ field: 'rejectMessage', message: 'must be printable ASCII (it is sent as an SMTP reply)' });
        target.rejectCode = code;
        target.rejectMessage = message;
        break;
      }
      case 'store':
        break;
    }
    return target;
  }

  async removeRoute(principal: Principal, id: string): Promise<void> {
    const removed = isId(id) && (await deleteInboundRoutes(this.db, principal.accountId, { id }, this.now(), principal.userId)) === 1;
    if (!removed) throw AppError.notFound('Route');
  }

  // What the SMTP listener needs

  /** The answer to RCPT TO: a route takes it, a route (or the lack of one) refuses it, or the domain is not a receiving domain. */
  async resolveRecipient(address: string): Promise<RecipientDecision> {
    const parts = splitAddress(address);
    if (!parts) return { kind: 'notOurs' };
    const domain = await findInboundDomainByName(this.db, parts.domain);
    if (!domain) return { kind: 'notOurs' };
    const route = pickRoute(await listDomainRoutes(this.db, domain.id), parts.localPart);
    if (!route) return NO_ROUTE;
    if (route.action === 'reject')
      return { kind: 'reject', code: route.reject_code ?? 550, message: route.reject_message ?? 'Mail to this address is not accepted' };
    return { kind: 'accept', accountId: route.account_id, domainId: domain.id, routeId: route.id };
  }

  /**
   * Scores the message (when spamd is configured), builds its document and writes one row
   * per route its recipients take, all in one transaction: when this resolves, the message
   * is durable and the listener may answer 250. Recipients that no longer resolve (a route
   * deleted since RCPT) are left out; when none is left the message is refused.
   */
  async receive(envelope: Envelope, raw: Buffer, session: SessionInfo): Promise<ReceiveResult> {
    const groups = new Map<string, { decision: Extract<RecipientDecision, { kind: 'accept' }>; recipients: string[] }>();
    for (const recipient of envelope.rcptTo) {
      const decision = await this.resolveRecipient(recipient);
      if (decision.kind !== 'accept') continue;
      const group = groups.get(decision.routeId) ?? { decision, recipients: [] };
      group.recipients.push(recipient);
      groups.set(decision.routeId, group);
    }
    if (groups.size === 0) return { accepted: false, code: 550, message: '5.1.1 No such recipient here' };

    const spam = await this.score(raw);
    if (spam && this.options.spamd && spam.score >= this.options.spamd.rejectScore) {
      return { accepted: false, code: 550, message: '5.7.1 Message refused as spam' };
    }
    const now = this.now();
    const document = await buildDocument(raw, envelope, session, { mta: this.options.mxHost, resolver: this.lookup, spam, receivedAt: now }).catch(
      (error: unknown) => unreadDocument(envelope, session, now, error),
    );
    const rawText = raw.toString('base64');
    const rows: InboundMessageRow[] = [];
    for (const { decision, recipients } of groups.values()) {
      // Each row's document lists only its own recipients: another account's never shows.
      const own: InboundDocument = { ...document, envelope: { ...document.envelope, rcptTo: recipients } };
      const replied =
        (await findSentMessageByHeader(this.db, decision.accountId, [...(own.inReplyTo ? [own.inReplyTo] : []), ...own.references])) ??
        (await findSentMessageById(this.db, decision.accountId, replyAddressIds(recipients)));
      const route = await findLiveInboundRoute(this.db, decision.accountId, decision.routeId);
      rows.push({
        id: newId(now),
        account_id: decision.accountId,
        domain_id: decision.domainId,
        route_id: decision.routeId,
        action: route?.action ?? 'store',
        mail_from: own.envelope.mailFrom,
        recipients: JSON.stringify(recipients),
        subject: own.subject.slice(0, 998),
        document: JSON.stringify(own),
        raw: rawText,
        raw_size: raw.length,
        reply_to_message_id: replied?.id ?? null,
        reply_to_campaign_id: replied?.campaignId ?? null,
        created_at: now,
        deleted_at: null,
      });
    }
    const forwards = await this.forwardsOf(rows, document, raw, now);
    await this.db.transaction().execute(async (trx) => {
      await insertInboundMessages(trx, rows);
      // The route's webhook call is durable with the message: a crash after 250 still makes it.
      await queueDeliveries(
        trx,
        rows.filter((row) => row.action === 'webhook').map((row) => newDeliveryRow({ id: row.route_id, account_id: row.account_id }, row.id, now)),
      );
      if (forwards.length > 0) await insertAcceptedMessages(trx, this.options.forward!.events, forwards);
    });
    if (forwards.length > 0) this.options.forward?.wake?.();
    return { accepted: true, ids: rows.map((row) => row.id) };
  }

  /** The messages forward routes send on, from SYSTEM_FROM as one of the account's senders (none without a sender). */
  private async forwardsOf(rows: InboundMessageRow[], document: InboundDocument, raw: Buffer, now: number): Promise<AcceptedMessage[]> {
    const forward = this.options.forward;
    const wanted = rows.filter((row) => row.action === 'forward');
    if (!forward || wanted.length === 0) return [];
    const out: AcceptedMessage[] = [];
    for (const row of wanted) {
      const route = await findLiveInboundRoute(this.db, row.account_id, row.route_id);
      const senderId = await findFirstSenderId(this.db, row.account_id);
      if (!route?.forward_to || !senderId) continue;
      out.push(await forwardedMessage({ accountId: row.account_id, senderId, systemFrom: forward.systemFrom, to: route.forward_to, document, raw, now }));
    }
    return out;
  }

  /** Queues the route's webhook call of a received message again (a new call, with the route's current URL). */
  async replay(principal: Principal, id: string): Promise<InboundMessage> {
    const row = await this.requireMessage(principal, id);
    const route = await findLiveInboundRoute(this.db, principal.accountId, row.route_id);
    if (!route || route.action !== 'webhook') throw new AppError('conflict', 'The message’s route no longer posts to a webhook; there is nothing to call.');
    await this.db.transaction().execute((trx) => queueDeliveries(trx, [newDeliveryRow({ id: route.id, account_id: row.account_id }, row.id, this.now())]));
    return this.toMessage(row);
  }

  /** spamd's verdict, or null when scoring is off or spamd failed (the message passes unscored rather than waiting). */
  private async score(raw: Buffer): Promise<SpamVerdict | null> {
    if (!this.options.spamd) return null;
    try {
      return await checkWithSpamd(raw, this.options.spamd);
    } catch {
      return null;
    }
  }

  // Received messages

  private toMessage(row: InboundMessageSummaryRow, document?: InboundDocument): InboundMessage {
    return inboundMessageView(row, document);
  }

  async listMessages(principal: Principal, page: Page, filter: Pick<MessageListQuery, 'routeId' | 'domainId'>): Promise<ListResult<InboundMessage>> {
    const { rows, total } = await listInboundMessages(this.db, principal.accountId, page, filter);
    return listResult(
      rows.map((row) => this.toMessage(row)),
      total,
    );
  }

  async getMessage(principal: Principal, id: string): Promise<InboundMessage> {
    const row = await this.requireMessage(principal, id);
    return this.toMessage(row, JSON.parse(row.document));
  }

  async raw(principal: Principal, id: string): Promise<Buffer> {
    return Buffer.from((await this.requireMessage(principal, id)).raw, 'base64');
  }

  async attachment(principal: Principal, id: string, index: number): Promise<{ filename: string; contentType: string; content: Buffer }> {
    const raw = await this.raw(principal, id);
    const parsed = await parseMail(raw, { skipImageLinks: true, skipTextToHtml: true }).catch(() => undefined);
    const found = parsed?.attachments[index];
    if (!found) throw AppError.notFound('The attachment');
    return { filename: found.filename ?? '', contentType: found.contentType, content: found.content };
  }

  private async requireDomain(principal: Principal, id: string): Promise<InboundDomainRow> {
    const row = isId(id) ? await findLiveInboundDomain(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Receiving domain');
    return row;
  }

  private async requireMessage(principal: Principal, id: string): Promise<InboundMessageRow> {
    const row = isId(id) ? await findInboundMessage(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Received message');
    return row;
  }
}
