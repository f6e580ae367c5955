/**
 * Driving delivery the way a client sees it: send through POST /notify/v1/send, then
 * poll GET /notify/v1/messages/{id} until a recipient has an outcome. Shared by the
 * transport suites (relay, MX, DKIM).
 */
import type { Db } from '../../src/db/database.js';
import { eventually, expectEnvelope, type TestAccount, type TestApp } from './app.js';

export interface SentRecipient {
  id: string;
  email: string;
}

export interface Sent {
  id: string;
  messageId: string;
  recipients: SentRecipient[];
}

export interface RecipientView {
  id: string;
  email: string;
  state: string;
  attempts: number;
  lastResponse: string | null;
  sentTime: string | null;
}

export interface SendContent {
  subject?: string;
  html?: string;
  fromName?: string;
}

export async function sendMessage(app: TestApp, account: TestAccount, to: string[], content: SendContent = {}): Promise<Sent> {
  const response = await app.request({
    method: 'POST',
    url: '/notify/v1/send',
    token: account.token,
    body: {
      from: { name: content.fromName ?? 'Shop', email: account.email },
      to: to.map((email) => ({ email })),
      subject: content.subject ?? 'Your order',
      htmlContent: content.html ?? '<p>Hello</p>',
    },
  });
  return expectEnvelope(response, 200).resultObject;
}

export async function recipientsNow(app: TestApp, account: TestAccount, id: string): Promise<RecipientView[]> {
  const response = await app.request({ method: 'GET', url: `/notify/v1/messages/${id}`, token: account.token });
  return expectEnvelope(response, 200).resultObject.recipients;
}

/** Polls until the recipient at `email` is no longer queued, and returns how it ended up. */
export async function outcomeOf(app: TestApp, account: TestAccount, sent: Sent, email: string, timeoutMs = 20_000): Promise<RecipientView> {
  return eventually(
    async () => {
      const recipient = (await recipientsNow(app, account, sent.id)).find((r) => r.email === email);
      if (!recipient) throw new Error(`${email} is not a recipient of ${sent.id}`);
      return recipient.state === 'queued' ? undefined : recipient;
    },
    timeoutMs,
    `an outcome for ${email}`,
  );
}

export function recipientId(sent: Sent, email: string): string {
  const recipient = sent.recipients.find((r) => r.email === email);
  if (!recipient) throw new Error(`${email} is not a recipient`);
  return recipient.id;
}

export async function rawOf(app: TestApp, account: TestAccount, id: string): Promise<string> {
  const response = await app.request({ method: 'GET', url: `/notify/v1/messages/${id}/raw`, token: account.token });
  if (response.status !== 200) throw new Error(`GET raw: ${response.status} ${response.text.slice(0, 200)}`);
  return response.text;
}

export function queueRowOf(app: TestApp, id: string) {
  const db: Db = app.runtime.services.handle.db;
  return db.selectFrom('delivery_jobs').selectAll().where('recipient_id', '=', id).executeTakeFirst();
}
