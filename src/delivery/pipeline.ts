/**
 * Delivering one claimed batch, as named steps:
 *
 *   loadBatch          messages and recipients of the claimed jobs, two queries
 *   skipIfFinal        a recipient already in a final state (a retry after a crash
 *                      that happened after recording) is not sent again
 *   composeMessage     the stored MIME, composed once per message (compose.ts)
 *   handToTransport    one envelope per recipient
 *   recordOutcome      recipient state + queue row, group-committed with the other
 *                      outcomes of the moment (one sync for many deliveries)
 *
 * Outcome → state: sent → `sent`, job deleted; deferred → `deferred`, job rescheduled
 * with backoff; bounced → `bounced`, job deleted. A step that throws (a bug, the
 * database away) defers the recipient, so nothing is dropped.
 */
import type { Logger } from 'pino';
import type { Db, Trx } from '../db/database.js';
import { GroupCommit } from '../db/group-commit.js';
import type { MessageRow, RecipientRow, RecipientState } from '../features/messages/messages.table.js';
import { retryDelayMs } from './backoff.js';
import type { MessageComposer } from './compose.js';
import { returnPath } from './return-path.js';
import { loadMessages, loadRecipients, recordRecipientAttempt } from './delivery.store.js';
import { completeJob, rescheduleJob, type ClaimedJob } from './queue.js';
import type { SendOutcome, Transport } from './transports/transport.js';

interface OutcomeRecord {
  jobId: string;
  recipientId: string;
  attempts: number;
  outcome: SendOutcome;
  at: number;
}

const FINAL_STATES: ReadonlySet<RecipientState> = new Set(['sent', 'delivered', 'bounced', 'suppressed', 'failed']);

async function writeOutcomes(trx: Trx, records: OutcomeRecord[]): Promise<void> {
  for (const r of records) {
    const state: RecipientState = r.outcome.kind;
    await recordRecipientAttempt(trx, r.recipientId, {
      state, response: r.outcome.response, attempts: r.attempts, sentAt: r.outcome.kind === 'sent' || r.outcome.kind === 'delivered' ? r.at : null, now: r.at,
    });
    if (r.outcome.kind === 'deferred') await rescheduleJob(trx, r.jobId, r.at + retryDelayMs(r.attempts), r.outcome.response);
    else await completeJob(trx, r.jobId);
  }
}

interface LoadedBatch {
  messages: Map<string, MessageRow>;
  recipients: Map<string, Pick<RecipientRow, 'id' | 'message_id' | 'account_id' | 'email' | 'name' | 'state'>>;
  /** One composition per message per batch, shared by its recipients. */
  composed: Map<string, Promise<string>>;
}

export class DeliveryPipeline {
  private readonly outcomes: GroupCommit<OutcomeRecord>;

  constructor(
    private readonly db: Db,
    private readonly transport: Transport,
    private readonly composer: MessageComposer,
    private readonly options: { bounceDomain: string | undefined },
    private readonly log: Logger,
  ) {
    this.outcomes = new GroupCommit(db, writeOutcomes);
  }

  /** Loads what a batch of claimed jobs needs and returns one delivery task per job. */
  async loadBatch(jobs: ClaimedJob[]): Promise<(() => Promise<void>)[]> {
    const [messages, recipients] = await Promise.all([
      loadMessages(this.db, [...new Set(jobs.map((j) => j.message_id))]),
      loadRecipients(this.db, jobs.map((j) => j.recipient_id)),
    ]);
    const batch: LoadedBatch = {
      messages: new Map(messages.map((m) => [m.id, m])),
      recipients: new Map(recipients.map((r) => [r.id, r])),
      composed: new Map(),
    };
    return jobs.map((job) => () => this.deliver(job, batch));
  }

  private async deliver(job: ClaimedJob, batch: LoadedBatch): Promise<void> {
    const message = batch.messages.get(job.message_id);
    const recipient = batch.recipients.get(job.recipient_id);
    if (!message || !recipient) {
      this.log.error({ jobId: job.id }, 'queue row points at a missing message or recipient; dropping the row');
      return completeJob(this.db, job.id);
    }
    if (this.skipIfFinal(recipient.state)) return completeJob(this.db, job.id);
    let outcome: SendOutcome;
    try {
      const raw = await this.composeMessage(message, batch);
      outcome = await this.handToTransport(message, recipient, raw);
    } catch (error) {
      this.log.error({ err: error, jobId: job.id, messageId: message.id }, 'delivery step failed; deferring');
      outcome = { kind: 'deferred', response: `internal error: ${(error as Error).message}` };
    }
    await this.recordOutcome(job, outcome);
  }

  /** A recipient already final (recorded just before a crash, then re-claimed) is not sent again. */
  private skipIfFinal(state: RecipientState): boolean {
    return FINAL_STATES.has(state);
  }

  private composeMessage(message: MessageRow, batch: LoadedBatch): Promise<string> {
    let composed = batch.composed.get(message.id);
    if (!composed) {
      composed = this.composer.ensureComposed(this.db, message);
      batch.composed.set(message.id, composed);
    }
    return composed;
  }

  private handToTransport(message: MessageRow, recipient: { id: string; email: string }, raw: string): Promise<SendOutcome> {
    return this.transport.send(
      {
        accountId: message.account_id, messageId: message.id, recipientId: recipient.id, to: recipient.email,
        from: returnPath(message.from_email, recipient.id, this.options.bounceDomain),
      },
      raw,
    );
  }

  private recordOutcome(job: ClaimedJob, outcome: SendOutcome): Promise<void> {
    return this.outcomes.submit({ jobId: job.id, recipientId: job.recipient_id, attempts: job.attempts, outcome, at: Date.now() });
  }

  async drain(): Promise<void> {
    await this.outcomes.drain();
  }
}
