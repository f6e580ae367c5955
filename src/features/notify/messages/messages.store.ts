/** SQL for messages and their recipients. Every read is scoped by account. */
import { PostgresAdapter, type RawBuilder, type SqlBool, sql } from 'kysely';
import { containsPattern } from '../../../lib/like-pattern.js';
import { findLiveRow, listPage, liveRowsOf, readByIds } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import { idFloor } from '../../../lib/ids.js';
import { normalizeEmail } from '../../../lib/email-address.js';
import { insertRows, insertRowsCounting } from '../../../db/group-commit.js';
import type { DbOrTrx, Reads } from '../../../db/database.js';
import { enqueueMessages, type QueuedDelivery } from '../../../delivery/enqueue.js';
import { type EventLog, idsTakenNow } from '../events/event-listeners.js';
import { shownMetadata } from './messages.metadata.js';
import type { EventRow, WrittenEvent } from '../events/events.table.js';
import type { ActiveWebhook } from '../webhooks/webhooks.fan-out.js';
import type { SuppressionReason } from '../suppressions/suppressions.table.js';
import {
  type IdempotencyKeyRow,
  LAST_RESPONSE_MAX,
  type MessageContentRow,
  type MessageRow,
  type MessageRecipientsTable,
  type MessagesTable,
  type MessageTagsTable,
  type NewMessageRow,
  type NewRecipientRow,
  type RecipientRow,
} from './messages.table.js';

export interface AcceptedMessage {
  message: NewMessageRow;
  recipients: NewRecipientRow[];
  /** Its recipients to deliver (the suppressed ones are not). */
  jobs: QueuedDelivery[];
  /** One `accepted` event per recipient. */
  events: WrittenEvent[];
  /** One row per tag, for statistics by tag. */
  tags: MessageTagsTable[];
  /** The content it shares with other messages (a campaign copy's), written once whoever names it. */
  content?: MessageContentRow;
}

/**
 * What one request commits: one message (send) or many (batch), and the Idempotency-Key
 * row if it had one. Committed whole or not at all.
 */
/** What the writer of a group of sends looks up before its transaction (messages.accept.ts). */
export interface SendLookups {
  suppressions: Map<string, SuppressionReason>;
  webhooks: ActiveWebhook[];
}

/**
 * A send's look-ups started before the send was prepared: an SMTP submission's, from its
 * envelope, while the client is still sending the message (SendAcceptor.lookUpInAdvance).
 * Undefined when they failed: the group commit then looks the send up with the others.
 */
export type LookupsInAdvance = Promise<SendLookups | undefined>;

export interface AcceptedSend {
  messages: AcceptedMessage[];
  /** Without its response: that is written from `answer` at commit (it depends on `suppressed`). */
  idempotency: Omit<IdempotencyKeyRow, 'response'> | null;
  /** The answer to the request, given the recipients found suppressed when it committed. */
  answer: (suppressed: ReadonlyMap<string, SuppressionReason>) => unknown;
  /** Set by the writer at commit: recipient id → why it is on the suppression list. */
  suppressed: ReadonlyMap<string, SuppressionReason>;
  /** Its look-ups, when they were started before it was prepared (messages.accept.ts). */
  lookups?: LookupsInAdvance;
}

/**
 * Writes the rows of sends. The idempotency rows go first: a second request with the
 * same key fails on the primary key before writing anything, and its transaction
 * (retried alone, see db/group-commit.ts) rolls back.
 */
export async function insertAcceptedSends(
  trx: DbOrTrx,
  events: EventLog,
  keys: IdempotencyKeyRow[],
  messages: AcceptedMessage[],
  webhooks: ActiveWebhook[],
): Promise<void> {
  await insertRows(trx, 'idempotency_keys', keys);
  await insertAcceptedMessages(trx, events, messages, webhooks);
}

/**
 * Writes many accepted messages with one multi-row INSERT per table (see db/group-commit.ts).
 * Their `accepted` events go through `events`, the process's event log, so its listeners see them.
 * `webhooks`: the accounts' active webhooks, looked up before (webhooks.fan-out.ts).
 */
export async function insertAcceptedMessages(trx: DbOrTrx, events: EventLog, accepted: AcceptedMessage[], webhooks?: ActiveWebhook[]): Promise<void> {
  // The events first, their ids taken now (event-listeners.ts idsTakenNow): each takes its
  // place at the end of the events' key, before the deliveries running meanwhile add theirs.
  await events.record(trx, idsTakenNow(accepted.flatMap((a) => a.events)), webhooks);
  // A shared content is written by the first chunk of copies that names it; the rest find it.
  const contents = new Map<string, MessageContentRow>();
  for (const a of accepted) if (a.content) contents.set(a.content.id, a.content);
  await insertRowsCounting(trx, 'message_contents', [...contents.values()], { onConflict: 'on conflict (id) do nothing' });
  await insertRows(
    trx,
    'messages',
    accepted.map((a) => a.message),
  );
  await insertRows(
    trx,
    'message_recipients',
    accepted.flatMap((a) => a.recipients),
  );
  await enqueueMessages(
    trx,
    accepted.flatMap((a) => a.jobs),
    // Queued when accepted: the time the messages were accepted by (the caller's clock).
    accepted.reduce((latest, a) => Math.max(latest, Number(a.message.created_at)), 0),
  );
  await insertRows(
    trx,
    'message_tags',
    accepted.flatMap((a) => a.tags),
  );
}

/** The columns of a message in lists: not its content, MIME or attachments. */
export type ListedMessageRow = Omit<
  MessageRow,
  'mime' | 'submitted_mime' | 'html_content' | 'text_content' | 'attachments' | 'content_id' | 'content_values' | 'dkim_signature' | 'kept_links'
>;

export interface MessageFilter {
  recipient?: string | undefined;
  subject?: string | undefined;
  tag?: string | undefined;
  state?: string | undefined;
  sinceMs?: number | undefined;
  untilMs?: number | undefined;
}

/** LIKE's own wildcards in a search text match themselves. */

/**
 * The account's live messages the filter matches (FROM and WHERE only): the list's query
 * and its totalCount both start here; bench/messages.ts times the count on its own.
 */
export function filteredMessages(db: Reads, accountId: string, filter: MessageFilter = {}) {
  let base = liveRowsOf(db, 'messages', accountId);
  // Recipient and state look in message_recipients, tag in message_tags (indexed by account and tag).
  const state = filter.state as RecipientRow['state'] | undefined;
  if (filter.recipient !== undefined) base = base.where(sql.ref('id'), 'in', messagesTo(db, accountId, filter.recipient, state));
  else if (state !== undefined) {
    base = base.where(
      sql.ref('id'),
      'in',
      db.selectFrom('message_recipients').select('message_id').where('account_id', '=', accountId).where('state', '=', state),
    );
  }
  if (filter.tag !== undefined) {
    base = base.where(
      sql.ref('id'),
      'in',
      db.selectFrom('message_tags').select('message_id').where('account_id', '=', accountId).where('tag', '=', filter.tag),
    );
  }
  if (filter.subject !== undefined) base = base.where(sql<SqlBool>`lower(subject) like ${containsPattern(filter.subject)} escape '\\'`);
  // The id bound lets messages_live start at `since`: a message's id is never earlier than its time (lib/ids.ts).
  if (filter.sinceMs !== undefined) base = base.where(sql.ref('id'), '>=', idFloor(filter.sinceMs)).where(sql.ref('created_at'), '>=', filter.sinceMs);
  if (filter.untilMs !== undefined) base = base.where(sql.ref('created_at'), '<=', filter.untilMs);
  return base;
}

export async function listMessages(db: Reads, accountId: string, page: Page, filter: MessageFilter = {}): Promise<{ rows: ListedMessageRow[]; total: number }> {
  return listPage(
    filteredMessages(db, accountId, filter),
    (q) =>
      q.select([
        'id',
        'account_id',
        'sender_id',
        'from_email',
        'from_name',
        'subject',
        'message_id_header',
        'recipient_count',
        'reply_to',
        'headers',
        'tags',
        shownMetadata('messages').as('metadata'),
        'scheduled_at',
        'template_id',
        'track_opens',
        'track_clicks',
        'list_unsubscribe',
        'body_purged_at',
        'created_at',
        'updated_at',
        'create_user_id',
        'update_user_id',
        'deleted_at',
      ]),
    page,
  );
}

export async function findMessage(db: Reads, accountId: string, id: string): Promise<MessageRow | undefined> {
  const found = await findLiveRow(db, 'messages', accountId, id, (q) => q.selectAll().select(shownMetadata('messages').as('shown_metadata')));
  if (!found) return undefined;
  const { shown_metadata, ...row } = found;
  return { ...row, metadata: shown_metadata };
}

/** Recipients of the given messages in `to` order; `perMessage` keeps only the first ones of each. */
/** A recipient as the message log shows it: not its personalised content or MIME. */
export type ListedRecipientRow = Omit<RecipientRow, 'content' | 'dkim_signature' | 'mime' | 'first_opened_at' | 'kept_links' | 'campaign_copy'>;

export async function listRecipientsOf(db: Reads, accountId: string, messageIds: string[], perMessage?: number): Promise<ListedRecipientRow[]> {
  if (messageIds.length === 0) return [];
  let query = db
    .selectFrom('message_recipients')
    .select([
      'id',
      'message_id',
      'account_id',
      'position',
      'email',
      'name',
      'kind',
      'state',
      'attempts',
      'last_response',
      'sent_at',
      'created_at',
      'updated_at',
    ])
    // The account is checked on the rows the message ids find, not used to find them: as a plain
    // `account_id = ?` SQLite read every recipient of the account by its account index and sorted
    // them, a page's cost growing with the account; coalesce() keeps it off indexes.
    .where((eb) => eb(eb.fn('coalesce', ['account_id', sql.lit('')]), '=', accountId))
    .where('message_id', 'in', messageIds);
  if (perMessage !== undefined) query = query.where('position', '<', perMessage);
  return query.orderBy('message_id').orderBy('position').execute();
}

/**
 * One recipient by id, whatever its account: for reports that name the recipient
 * themselves (the VERP return path of a bounce), not for requests of an account.
 */
export async function findRecipientById(
  db: DbOrTrx,
  id: string,
): Promise<Pick<RecipientRow, 'id' | 'message_id' | 'account_id' | 'email' | 'state'> | undefined> {
  return db.selectFrom('message_recipients').select(['id', 'message_id', 'account_id', 'email', 'state']).where('id', '=', id).executeTakeFirst();
}

/**
 * The same, and the row stays locked until the transaction ends: a no-op UPDATE takes
 * PostgreSQL's row lock (and waits for a writer holding it, then returns the row as
 * that writer left it); SQLite has one writer at a time anyway. For decisions that
 * depend on the recipient's state, such as whether a report was already recorded.
 */
export async function lockRecipientById(
  trx: DbOrTrx,
  id: string,
): Promise<Pick<RecipientRow, 'id' | 'message_id' | 'account_id' | 'email' | 'state' | 'last_response'> | undefined> {
  return trx
    .updateTable('message_recipients')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .returning(['id', 'message_id', 'account_id', 'email', 'state', 'last_response'])
    .executeTakeFirst();
}

/** How many recipients a message has (0 when there is no such message). */
export async function recipientCountOf(db: DbOrTrx, messageId: string): Promise<number> {
  const row = await db.selectFrom('messages').select('recipient_count').where('id', '=', messageId).executeTakeFirst();
  return Number(row?.recipient_count ?? 0);
}

/** A bounce reported after the fact: the state changes, the attempts and sent time stay. */
export async function markRecipientBounced(db: DbOrTrx, id: string, change: { response: string; now: number }): Promise<void> {
  await db
    .updateTable('message_recipients')
    .set({ state: 'bounced', last_response: change.response.slice(0, LAST_RESPONSE_MAX), updated_at: change.now })
    .where('id', '=', id)
    .execute();
}

/** A stored Idempotency-Key answer that has not expired. */
export async function findIdempotencyKey(db: DbOrTrx, accountId: string, key: string, now: number): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Forgets the account's expired answers: their keys can be used afresh, and the table stays small. */
export async function deleteExpiredIdempotencyKeys(db: DbOrTrx, accountId: string, now: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('expires_at', '<=', now).execute();
}

export async function markRecipientsCancelled(db: DbOrTrx, accountId: string, ids: string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('message_recipients')
    .set({ state: 'cancelled', last_response: 'scheduled send cancelled', updated_at: now })
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Ends these recipients `cancelled` with the reason, those still waiting for a delivery
 * (queued or deferred): the caller took their queue rows back (delivery/enqueue.ts
 * withdrawDeliveries). Returns the rows it ended, for their events.
 */
export function markWaitingRecipientsCancelled(db: DbOrTrx, ids: string[], reason: string, now: number) {
  return db
    .updateTable('message_recipients')
    .set({ state: 'cancelled', updated_at: now, last_response: reason })
    .where('id', 'in', ids)
    .where('state', 'in', ['queued', 'deferred'])
    .returning(['id', 'message_id', 'account_id', 'email'])
    .execute();
}

/** One recipient of a message of the account, with its personalised content and MIME. */
export async function findRecipientOf(
  db: DbOrTrx,
  accountId: string,
  messageId: string,
  recipientId?: string,
): Promise<Pick<RecipientRow, 'id' | 'content' | 'dkim_signature' | 'mime'> | undefined> {
  let query = db
    .selectFrom('message_recipients')
    .select(['id', 'content', 'dkim_signature', 'mime'])
    .where('account_id', '=', accountId)
    .where('message_id', '=', messageId);
  query = recipientId === undefined ? query.orderBy('position').limit(1) : query.where('id', '=', recipientId);
  return query.executeTakeFirst();
}

/**
 * The condition of message_recipients_account_email (migration 0043), written as it is there:
 * a partial index is used only when the query names its condition.
 */
const ADDRESS_INDEXED = sql<SqlBool>`campaign_copy is null`;

/**
 * The recipient ids of the account's campaign copies to the address (as campaign_recipients
 * normalises it), current and replaced by a resend: campaign_recipients_address by campaign.
 * message_recipients' address index leaves these out.
 */
export function campaignCopiesTo(db: Reads, accountId: string, emailNormalized: string) {
  return db
    .selectFrom('campaign_recipients')
    .select('recipient_id as id')
    .where('campaign_id', 'in', (eb) => eb.selectFrom('campaigns').select('id').where('account_id', '=', accountId))
    .where('email_normalized', '=', emailNormalized);
}

/**
 * The ids of the account's messages to the address (lower case; campaign copies by its
 * normalised form), with that recipient in `state` if given: the message list's `recipient`
 * filter, and the event list's `email` filter for the events stored without their address.
 */
export function messagesTo(db: Reads, accountId: string, email: string, state?: RecipientRow['state']) {
  let recipients = db.selectFrom('message_recipients').select('message_id').where('account_id', '=', accountId);
  if (state !== undefined) recipients = recipients.where('state', '=', state);
  // The address index holds no campaign copy (migration 0043): those are found by their campaign.
  const copies = recipients.where('id', 'in', campaignCopiesTo(db, accountId, normalizeEmail(email)));
  return recipients
    .where(ADDRESS_INDEXED)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .unionAll(copies);
}

/**
 * The ids of the account's recipients whose address is one of `emails` (lower case, the
 * normalised form among them), oldest first: through the address index, and the campaign
 * copies through their campaign. A copy written before migration 0043 is found both ways.
 */
async function recipientIdsTo(db: Reads, accountId: string, emails: string[]): Promise<string[]> {
  const [direct, ...copies] = await Promise.all([
    db
      .selectFrom('message_recipients')
      .select('id')
      .where('account_id', '=', accountId)
      .where(ADDRESS_INDEXED)
      .where(sql<string>`lower(email)`, 'in', emails)
      .execute(),
    // campaign_recipients keeps the normalised form only.
    ...[...new Set(emails.map(normalizeEmail))].map((email) => campaignCopiesTo(db, accountId, email).execute()),
  ]);
  return [...new Set([direct, ...copies].flat().map((r) => r.id))].sort();
}

/** A person's copies (privacy.service.ts): the account's recipients whose address is one of `emails`, with what their message says, oldest first. */
export async function recipientsOfAddress(db: Reads, accountId: string, emails: string[]) {
  return readByIds(await recipientIdsTo(db, accountId, emails), (ids) => recipientsWithMessage(db, accountId, ids));
}

function recipientsWithMessage(db: Reads, accountId: string, ids: string[]) {
  return db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select([
      'r.id',
      'r.message_id',
      'r.email',
      'r.name',
      'r.kind',
      'r.state',
      'r.content',
      'r.attempts',
      'r.last_response',
      'r.sent_at',
      'r.first_opened_at',
      'r.created_at',
      'm.from_email',
      'm.from_name',
      'm.subject',
      'm.html_content',
      'm.text_content',
      'm.tags',
      shownMetadata('m').as('metadata'),
    ])
    .where('r.account_id', '=', accountId)
    .where('r.id', 'in', ids)
    .orderBy('r.id')
    .execute();
}

/**
 * Erases these recipients of the account: the address becomes its hash, the name, the
 * copy's own content and MIME and the last response (a remote server quotes the address)
 * are cleared, and those whose delivery was just taken back (`withdrawn`) end `cancelled`:
 * the ones it returns, for their events.
 */
export async function eraseRecipients(
  db: DbOrTrx,
  accountId: string,
  ids: string[],
  withdrawn: string[],
  erased: string,
  now: number,
): Promise<{ count: number; cancelled: { id: string; message_id: string }[] }> {
  if (ids.length === 0) return { count: 0, cancelled: [] };
  const cancelled =
    withdrawn.length === 0
      ? []
      : await db
          .updateTable('message_recipients')
          .set({ state: 'cancelled' })
          .where('account_id', '=', accountId)
          .where('id', 'in', withdrawn)
          .where('state', 'in', ['queued', 'deferred'])
          .returning(['id', 'message_id'])
          .execute();
  const result = await db
    .updateTable('message_recipients')
    .set({ email: erased, name: '', content: null, mime: null, kept_links: null, last_response: null, updated_at: now })
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return { count: Number(result.numUpdatedRows), cancelled };
}

/**
 * After their recipients were erased: a message sent to nobody else loses its content
 * (subject, bodies, attachments, headers, metadata, the composed and submitted MIME, a
 * campaign copy's own values); a
 * message others got too keeps its content for them and loses only its composed MIME,
 * whose headers name every addressee (/raw composes it again). Returns how many messages
 * lost their content.
 */
export async function eraseMessageContent(db: DbOrTrx, accountId: string, messageIds: string[], erasedPrefix: string): Promise<number> {
  if (messageIds.length === 0) return 0;
  const shared = await db
    .selectFrom('message_recipients')
    .select('message_id')
    .distinct()
    .where('account_id', '=', accountId)
    .where('message_id', 'in', messageIds)
    .where('email', 'not like', `${erasedPrefix}%`)
    .execute();
  const sharedIds = new Set(shared.map((r) => r.message_id));
  const alone = messageIds.filter((id) => !sharedIds.has(id));
  if (sharedIds.size) {
    await db
      .updateTable('messages')
      // The kept signature covered headers that named the erased addressee: it goes with the MIME.
      .set({ mime: null, dkim_signature: null })
      .where('account_id', '=', accountId)
      .where('id', 'in', [...sharedIds])
      .execute();
  }
  if (alone.length === 0) return 0;
  return clearMessages(db, accountId, alone);
}

/** Clears the content of these messages of the account: nothing of what was sent stays. How many. */
async function clearMessages(db: DbOrTrx, accountId: string, ids: string[], set: { from_name?: string } = {}): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({
      subject: '',
      html_content: '',
      text_content: null,
      mime: null,
      submitted_mime: null,
      attachments: null,
      headers: null,
      metadata: null,
      reply_to: null,
      // A campaign copy's own values (its address, the contact's fields) and its tie to the shared content.
      content_values: null,
      content_id: null,
      dkim_signature: null,
      kept_links: null,
      ...set,
    })
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * After an erased recipient's message was left to its other recipients: an SMTP submission
 * keeps its content only as the submitted bytes, whose header fields name every addressee
 * and which cannot be edited without changing what the client sent. Once none of its
 * deliveries is waiting, they are cleared for everyone, as the purge clears a body
 * (`body_purged_at`); while one waits they are kept, or its copy would be lost. How many.
 */
export async function clearSharedSubmissions(db: DbOrTrx, accountId: string, messageIds: string[], now: number): Promise<number> {
  if (messageIds.length === 0) return 0;
  const result = await db
    .updateTable('messages')
    .set({ submitted_mime: null, mime: null, dkim_signature: null, body_purged_at: now })
    .where('account_id', '=', accountId)
    .where('id', 'in', messageIds)
    .where('submitted_mime', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('message_recipients as r').select('r.id').whereRef('r.message_id', '=', 'messages.id').where('r.state', 'in', ['queued', 'deferred']),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The account's messages made by Postwire itself (no user: an inbound route's forward, a
 * notice) that name one of these addresses (lower case) in their Reply-To, sender name,
 * subject or bodies: a forward carries the erased person's own mail. Their ids.
 */
export function systemMessagesNaming(
  db: Reads,
  accountId: string,
  emails: string[],
): Promise<Pick<MessageRow, 'id' | 'from_email' | 'from_name' | 'reply_to' | 'subject' | 'html_content' | 'text_content' | 'created_at'>[]> {
  if (emails.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom('messages')
      .select(['id', 'from_email', 'from_name', 'reply_to', 'subject', 'html_content', 'text_content', 'created_at'])
      .where('account_id', '=', accountId)
      .where('create_user_id', 'is', null)
      // Not a campaign copy (its content is the campaign's, shared with every other copy).
      .where('content_id', 'is', null)
      .where((eb) =>
        eb.or(
          emails.flatMap((email) => {
            const like = containsPattern(email);
            return ['reply_to', 'from_name', 'subject', 'html_content', 'text_content'].map(
              (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${like} escape '\\'`,
            );
          }),
        ),
      )
      .orderBy('id')
      .execute()
  );
}

/** The recipients of these messages of the account whose delivery still waits: an erased forward's, taken back. */
export async function waitingRecipientsOf(db: DbOrTrx, accountId: string, messageIds: string[]): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .selectFrom('message_recipients')
    .select('id')
    .where('account_id', '=', accountId)
    .where('message_id', 'in', messageIds)
    .where('state', 'in', ['queued', 'deferred'])
    .execute();
  return rows.map((r) => r.id);
}

/** Clears forwards of an erased person's mail (systemMessagesNaming): their content and the sender name that named the person. How many. */
export function clearForwards(db: DbOrTrx, accountId: string, ids: string[]): Promise<number> {
  return ids.length === 0 ? Promise.resolve(0) : clearMessages(db, accountId, ids, { from_name: '' });
}

/**
 * Idempotency-Key answers (kept 24 hours, replayed as they are) of the account that name one
 * of these addresses (lower case): the key and the answer's text.
 */
export function idempotencyAnswersNaming(db: DbOrTrx, accountId: string, emails: string[]) {
  return db
    .selectFrom('idempotency_keys')
    .select(['key', 'response'])
    .where('account_id', '=', accountId)
    .where((eb) => eb.or(emails.map((email) => sql<SqlBool>`lower(response) like ${containsPattern(email)} escape '\\'`)))
    .execute();
}

export async function setIdempotencyAnswer(db: DbOrTrx, accountId: string, key: string, response: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response }).where('account_id', '=', accountId).where('key', '=', key).execute();
}

/** The ids of the account's recipients whose address is one of `emails` (lower case), and their messages: what an erasure changes. */
export async function recipientIdsOfAddress(db: DbOrTrx, accountId: string, emails: string[]): Promise<{ id: string; message_id: string }[]> {
  return readByIds(await recipientIdsTo(db, accountId, emails), (ids) =>
    db.selectFrom('message_recipients').select(['id', 'message_id']).where('account_id', '=', accountId).where('id', 'in', ids).orderBy('id').execute(),
  );
}

// ---- Retention (features/system/retention): the purge clears and deletes through these ----

/** Recipient states after which nothing is sent or composed again (delivery-store.ts FINAL_STATES). */
const NOT_FINAL: RecipientRow['state'][] = ['queued', 'deferred'];

/**
 * Up to `limit` messages made before `before` whose body is still kept and whose every
 * recipient is final (a message still to be delivered or retried keeps what it is made of),
 * oldest first: of one account, or of every account but `exceptAccounts`.
 */
export async function messagesWithBodyBefore(
  db: DbOrTrx,
  scope: { accountId: string } | { exceptAccounts: string[] },
  before: number,
  limit: number,
): Promise<string[]> {
  let query = db
    .selectFrom('messages as m')
    .select('m.id')
    .where('m.body_purged_at', 'is', null)
    .where('m.id', '<', idFloor(before))
    .where('m.created_at', '<', before)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('message_recipients as r').select('r.id').whereRef('r.message_id', '=', 'm.id').where('r.state', 'in', NOT_FINAL))),
    );
  if ('accountId' in scope) query = query.where('m.account_id', '=', scope.accountId);
  else if (scope.exceptAccounts.length > 0) query = query.where('m.account_id', 'not in', scope.exceptAccounts);
  const rows = await query.orderBy('m.id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/**
 * The HTML of the click-tracked ones among these messages, and of their personalised copies,
 * whose links the purge keeps before it clears them (messages.retention.ts).
 */
export async function trackedHtmlOf(db: DbOrTrx, messageIds: string[]) {
  if (messageIds.length === 0) return { messages: [], copies: [] };
  const [messages, copies] = await Promise.all([
    db
      .selectFrom('messages')
      .select(['id', 'html_content'])
      .where('id', 'in', messageIds)
      .where('track_clicks', '=', 1)
      .where('html_content', '!=', '')
      .execute(),
    db
      .selectFrom('message_recipients as r')
      .innerJoin('messages as m', 'm.id', 'r.message_id')
      .select(['r.id', 'r.content'])
      .where('r.message_id', 'in', messageIds)
      .where('m.track_clicks', '=', 1)
      .where('r.content', 'is not', null)
      .execute(),
  ]);
  return { messages, copies };
}

/**
 * Whether the message `messageRef` names (a column holding a message id) may still have its
 * body cleared: not cleared yet and every recipient final. The purge reads which messages
 * go before its write transaction and its writes travel without an answer
 * (messages.retention.ts); this condition in each write keeps a message that changed in
 * between (a recipient queued again, a body cleared by another run) as it is.
 */
function stillPurgeable(messageRef: 'messages.id' | 'message_recipients.message_id') {
  return sql<SqlBool>`exists (select 1 from messages pm where pm.id = ${sql.ref(messageRef)} and pm.body_purged_at is null and not exists (select 1 from message_recipients pr where pr.message_id = pm.id and pr.state in (${sql.join(NOT_FINAL)})))`;
}

/** Writes the kept links (a JSON array) of messages and of personalised copies whose body is about to be cleared (`stillPurgeable`). */
export async function keepLinks(db: DbOrTrx, messages: { id: string; links: string }[], copies: { id: string; links: string }[]): Promise<void> {
  for (const { id, links } of messages)
    await db.updateTable('messages').set({ kept_links: links }).where('id', '=', id).where(stillPurgeable('messages.id')).execute();
  for (const { id, links } of copies)
    await db.updateTable('message_recipients').set({ kept_links: links }).where('id', '=', id).where(stillPurgeable('message_recipients.message_id')).execute();
}

/**
 * Clears the content of these messages and of their recipients' own copies: html, text,
 * attachments, the composed and the submitted MIME. The message, its recipients and events
 * stay. Only messages that may still be cleared (`stillPurgeable`): the copies first, while
 * their message still says so.
 */
export async function clearBodies(db: DbOrTrx, messageIds: string[], now: number): Promise<void> {
  if (messageIds.length === 0) return;
  const copies = { content: null, mime: null } satisfies Record<(typeof RECIPIENT_BODY)[number], null>;
  const bodies = { html_content: '', text_content: null, attachments: null, mime: null, submitted_mime: null, body_purged_at: now } satisfies Record<
    (typeof MESSAGE_BODY)[number],
    unknown
  >;
  const ofCopies = sql<SqlBool>`message_id in (${sql.join(messageIds)}) and (content is not null or mime is not null) and ${stillPurgeable('message_recipients.message_id')}`;
  const ofMessages = sql<SqlBool>`id in (${sql.join(messageIds)}) and ${stillPurgeable('messages.id')}`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.updateTable('message_recipients').set(copies).where(ofCopies).execute();
    await db.updateTable('messages').set(bodies).where(ofMessages).execute();
    return;
  }
  await writeAgainAtEnd(db, 'message_recipients', RECIPIENT_KEPT, copies, ofCopies);
  await writeAgainAtEnd(db, 'messages', MESSAGE_KEPT, bodies, ofMessages);
}

/**
 * SQLite: writes the rows `where` chooses again with `cleared` set, at the table's end: REPLACE
 * deletes each one and inserts it under a new rowid. Cleared in place, a row that held its
 * body across pages stays on its page, then mostly empty (SQLite merges pages only under a
 * third full); moved, the slim rows fill new pages and the old ones go to the incremental
 * vacuum. `kept` and `cleared` name every column between them (checked below), or REPLACE
 * would lose the others.
 */
async function writeAgainAtEnd(
  db: DbOrTrx,
  table: 'messages' | 'message_recipients',
  kept: readonly string[],
  cleared: Record<string, unknown>,
  where: RawBuilder<SqlBool>,
) {
  // A plain write, no answer read: inside the purge's write-behind transaction it travels with
  // BEGIN and COMMIT in one trip (db/sqlite-thread-dialect.ts).
  const names = Object.keys(cleared);
  const values = [...kept.map((column) => sql.ref(column).as(column)), ...names.map((column) => sql`${cleared[column]}`.as(column))];
  await db
    .insertInto(table)
    .orReplace()
    .columns([...kept, ...names] as never)
    .expression(db.selectFrom(table).select(values).where(where).orderBy(sql`id`))
    .execute();
}

/** The columns clearing a body sets, and every other one, which it keeps. */
const MESSAGE_BODY = ['html_content', 'text_content', 'attachments', 'mime', 'submitted_mime', 'body_purged_at'] as const;
const MESSAGE_KEPT = [
  'id',
  'account_id',
  'sender_id',
  'from_email',
  'from_name',
  'subject',
  'message_id_header',
  'content_id',
  'content_values',
  'dkim_signature',
  'recipient_count',
  'reply_to',
  'headers',
  'tags',
  'metadata',
  'scheduled_at',
  'template_id',
  'track_opens',
  'track_clicks',
  'list_unsubscribe',
  'kept_links',
  'created_at',
  'updated_at',
  'create_user_id',
  'update_user_id',
  'deleted_at',
] as const;
const RECIPIENT_BODY = ['content', 'mime'] as const;
const RECIPIENT_KEPT = [
  'id',
  'message_id',
  'account_id',
  'position',
  'email',
  'name',
  'state',
  'kind',
  'dkim_signature',
  'attempts',
  'last_response',
  'sent_at',
  'first_opened_at',
  'kept_links',
  'campaign_copy',
  'created_at',
  'updated_at',
] as const;
// A column in neither list fails to compile here, named in the error.
type Unlisted<Table, Listed> = [Exclude<keyof Table, Listed>] extends [never] ? true : Exclude<keyof Table, Listed>;
const everyMessageColumn: Unlisted<MessagesTable, (typeof MESSAGE_BODY)[number] | (typeof MESSAGE_KEPT)[number]> = true;
const everyRecipientColumn: Unlisted<MessageRecipientsTable, (typeof RECIPIENT_BODY)[number] | (typeof RECIPIENT_KEPT)[number]> = true;
void [everyMessageColumn, everyRecipientColumn];

/**
 * Up to `limit` messages made before `before` whose metadata may go: every recipient final,
 * and not a campaign's copy (the campaign keeps its copies' rows for its report; they go
 * with the campaign).
 */
export async function messagesBefore(
  db: DbOrTrx,
  before: number,
  limit: number,
  after = '',
): Promise<{ ids: string[]; last: string | undefined; examined: number }> {
  // Every message in id order from `after`, with what makes it stay: the last one looked at
  // lets the next batch go on past the campaign copies this one skipped.
  const rows = await db
    .selectFrom('messages as m')
    .select((eb) => [
      'm.id',
      eb
        .or([
          eb.exists(eb.selectFrom('message_recipients as r').select('r.id').whereRef('r.message_id', '=', 'm.id').where('r.state', 'in', NOT_FINAL)),
          // By the copy's recipient (the primary key): campaign_recipients has no index on message_id.
          eb.exists(
            eb
              .selectFrom('message_recipients as cr')
              .innerJoin('campaign_recipients as c', 'c.recipient_id', 'cr.id')
              .select('c.recipient_id')
              .whereRef('cr.message_id', '=', 'm.id'),
          ),
        ])
        .as('stays'),
    ])
    .where('m.id', '>', after)
    .where('m.id', '<', idFloor(before))
    .where('m.created_at', '<', before)
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return { ids: rows.filter((r) => !r.stays).map((r) => r.id), last: rows.at(-1)?.id, examined: rows.length };
}

/** Deletes these messages with their recipients and tags (their events go first, through the events store). */
export async function deleteMessages(db: DbOrTrx, messageIds: string[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  await db.deleteFrom('message_tags').where('message_id', 'in', messageIds).execute();
  await db.deleteFrom('message_recipients').where('message_id', 'in', messageIds).execute();
  const result = await db.deleteFrom('messages').where('id', 'in', messageIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}
