/**
 * Sign-up forms: a hosted page per form whose sign-ups join the form's lists only once the
 * address confirms them (double opt-in; the consent is recorded with its times and origin).
 *
 * Bots are dropped without a word (the visitor sees the same "check your inbox" page): a
 * wrong signature on the page's token, a submission sooner than FORM_MIN_FILL_SECONDS, a
 * replayed token, a filled honeypot. A form must not become a way to flood an inbox, so
 * within FORM_CONFIRMATION_WINDOW_SECONDS a form mails an address once, an address is
 * mailed at most FORM_CONFIRMATIONS_PER_ADDRESS times by all forms, and a form sends at most
 * FORM_CONFIRMATIONS_PER_FORM mails; counted in the database in the sign-up's transaction
 * (`admit`), so every process shares the counts and concurrent posts cannot slip past.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Dialect } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { listResult, type ListResult, type Page, iso, resourceFields } from '../../../lib/api-shape.js';
import { emailAddressProblem, normalizeEmail } from '../../../lib/email-address.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import { isErasedAddressOf, type NotifyServices } from '../../notify/notify.module.js';
import { addMember, liveContactListIds } from '../contact-lists/contact-lists.store.js';
import { findLiveContact, insertContactOrFindByEmail, updateContact } from '../contacts/contacts.store.js';
import { CONTACT_STATUS, newActiveContact } from '../contacts/contacts.table.js';
import { confirmationMail } from './forms.page.js';
import type { Consent, Form, FormBody, PatchFormBody, SignupBody } from './forms.schemas.js';
import {
  consentsOf,
  countUnder,
  deleteCounter,
  uncount,
  deleteEndedCounters,
  deleteSignup,
  findLiveForm,
  findPublicForm,
  findSignup,
  firstSenderEmail,
  insertConsent,
  insertForm,
  insertSignup,
  listLiveForms,
  markSignupConfirmed,
  updateForm,
} from './forms.store.js';
import type { FormRow } from './forms.table.js';
import type { Clock } from '../../../lib/clock.js';

const TOKEN_MAX_AGE_MS = 24 * 3_600_000;

export interface FormOptions {
  publicUrl: () => string;
  minFillMs: number;
  dialect: Dialect;
  /** FORM_CONFIRMATION_WINDOW_SECONDS, in ms. */
  confirmationWindowMs: number;
  /** FORM_CONFIRMATIONS_PER_FORM; 0: no limit. */
  confirmationsPerForm: number;
  /** FORM_CONFIRMATIONS_PER_ADDRESS; 0: no limit. */
  confirmationsPerAddress: number;
  /** Page tokens' age, the minimum fill time and the confirmation windows are measured by it. */
  clock: Clock;
}

/** The counter of one form's confirmations to one address; a JSON pair, so no address can spell another form's key. */
function pendingKeyOf(formId: string, address: string): string {
  return `pending:${JSON.stringify([formId, address])}`;
}

/** A submission that gets no mail; thrown to roll back what its transaction counted. */
class NotAdmitted extends Error {
  constructor(readonly outcome: { kind: 'dropped' } | { kind: 'limited'; limit: 'form' | 'address' }) {
    super(outcome.kind);
  }
}

/**
 * What the page shows after a submission. `check-inbox` is the one page of every
 * submission that was not refused for its own content, mail or not; `limited` says (for
 * the log only) which limit held a mail back.
 */
export type SignupOutcome =
  | { kind: 'check-inbox'; limited?: 'form' | 'address' }
  | { kind: 'again'; token: string; note: string; email: string; status: number }
  | { kind: 'cannot-send'; reason: string }
  | { kind: 'not-found' };

export type ConfirmOutcome = { kind: 'subscribed' | 'already'; title: string } | { kind: 'invalid' };

function sign(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class FormsService {
  constructor(
    private readonly db: Db,
    private readonly notify: { messages: Pick<NotifyServices['messages'], 'send'>; senders: Pick<NotifyServices['senders'], 'usableSender'> },
    private readonly options: FormOptions,
  ) {}

  private toForm(row: FormRow): Form {
    return {
      ...resourceFields(row),
      title: row.title,
      formUrl: `${this.options.publicUrl()}/inbox/forms/${row.id}`,
      listIds: JSON.parse(row.list_ids) as string[],
      fromEmail: row.from_email ?? '',
    };
  }

  private async checkLists(principal: Principal, listIds: string[]): Promise<void> {
    const live = new Set(await liveContactListIds(this.db, principal.accountId, listIds));
    // Another account's list does not exist for this one: 404, as for any of its resources.
    const missing = listIds.find((id) => !live.has(id));
    if (missing !== undefined) throw new AppError('not_found', `Contact list ${missing} (listIds) was not found.`);
  }

  /**
   * The confirmation mail's From address, checked as the send path checks `from.email`
   * (and campaigns their sender): a live sender of this account, verified when
   * REQUIRE_VERIFIED_SENDERS asks for it. Checked here, once, so that a form whose mail
   * could never be sent is refused to its owner instead of failing for every visitor.
   */
  private async checkFromEmail(principal: Principal, fromEmail: string | undefined): Promise<void> {
    const address = fromEmail?.trim();
    if (!address) return;
    try {
      await this.notify.senders.usableSender(principal.accountId, address);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      throw AppError.field('fromEmail', error.fieldErrors?.[0]?.message ?? error.message);
    }
  }

  async create(principal: Principal, body: FormBody): Promise<Form> {
    await this.checkLists(principal, body.listIds);
    await this.checkFromEmail(principal, body.fromEmail);
    const now = this.options.clock.now();
    const row: FormRow = {
      id: newId(now),
      account_id: principal.accountId,
      title: body.title.trim(),
      list_ids: JSON.stringify(body.listIds),
      from_email: body.fromEmail?.trim() || null,
      signing_key: randomBytes(32).toString('base64url'),
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await insertForm(this.db, row);
    return this.toForm(row);
  }

  async list(principal: Principal, page: Page): Promise<ListResult<Form>> {
    const { rows, total } = await listLiveForms(this.db, principal.accountId, page);
    return listResult(
      rows.map((r) => this.toForm(r)),
      total,
    );
  }

  async get(principal: Principal, id: string): Promise<Form> {
    const row = isId(id) ? await findLiveForm(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Form');
    return this.toForm(row);
  }

  /** Changes what is given; the rest stays. */
  async update(principal: Principal, id: string, body: PatchFormBody): Promise<Form> {
    if (body.listIds) await this.checkLists(principal, body.listIds);
    await this.checkFromEmail(principal, body.fromEmail);
    const changes = {
      ...(body.title !== undefined ? { title: body.title.trim() } : {}),
      ...(body.listIds !== undefined ? { list_ids: JSON.stringify(body.listIds) } : {}),
      ...(body.fromEmail !== undefined ? { from_email: body.fromEmail.trim() || null } : {}),
      updated_at: this.options.clock.now(),
      update_user_id: principal.userId,
    };
    if (!isId(id) || !(await updateForm(this.db, principal.accountId, id, changes))) throw AppError.notFound('Form');
    return this.get(principal, id);
  }

  /** A contact that does not exist, or is another account's, is 404 like every other contact route. */
  async consents(principal: Principal, contactId: string): Promise<Consent[]> {
    if (!isId(contactId) || !(await findLiveContact(this.db, principal.accountId, contactId))) throw AppError.notFound('Contact');
    const rows = await consentsOf(this.db, principal.accountId, contactId);
    return rows.map((r) => ({ source: r.source, ip: r.ip, consentTime: iso(r.consented_at), confirmTime: iso(r.confirmed_at) }));
  }

  // ---- The public page ----

  /** The form's title and a fresh page token; undefined for no such form. */
  async page(formId: string, now = this.options.clock.now()): Promise<{ title: string; token: string } | undefined> {
    const form = isId(formId) ? await findPublicForm(this.db, formId) : undefined;
    return form && { title: form.title, token: this.pageToken(form, now) };
  }

  private pageToken(form: FormRow, now: number): string {
    const nonce = randomBytes(12).toString('base64url');
    return `${now}.${nonce}.${sign(form.signing_key, `page.${form.id}.${now}.${nonce}`)}`;
  }

  async submit(formId: string, body: SignupBody, ip: string, now = this.options.clock.now()): Promise<SignupOutcome & { title?: string }> {
    const form = isId(formId) ? await findPublicForm(this.db, formId) : undefined;
    if (!form) return { kind: 'not-found' };
    const quiet = { kind: 'check-inbox' as const, title: form.title };
    const [issued, nonce, signature] = (body.token ?? '').split('.');
    const issuedAt = Number(issued);
    if (!nonce || !signature || !Number.isSafeInteger(issuedAt) || !sameSignature(signature, sign(form.signing_key, `page.${form.id}.${issued}.${nonce}`)))
      return quiet;
    if ((body.website ?? '') !== '' || now - issuedAt < this.options.minFillMs) return quiet;
    const email = (body.email ?? '').trim();
    if (now - issuedAt > TOKEN_MAX_AGE_MS)
      return {
        kind: 'again',
        token: this.pageToken(form, now),
        note: 'This page was open too long; please submit it again.',
        email,
        status: 200,
        title: form.title,
      };
    const problem = email === '' ? 'is required' : emailAddressProblem(email);
    if (problem !== undefined)
      return { kind: 'again', token: this.pageToken(form, now), note: `The email address ${problem}.`, email, status: 400, title: form.title };

    // An erased address (docs/privacy.md) is not stored again by a sign-up, nor mailed: the
    // visitor sees the same page, so the form does not tell who was erased.
    if (await isErasedAddressOf(this.db, form.account_id, email)) return quiet;
    // A form with no sender at all sends nothing: nothing is admitted or counted.
    const from = form.from_email ?? (await firstSenderEmail(this.db, form.account_id));
    if (!from) return { kind: 'cannot-send', title: form.title, reason: 'its account has no sender' };
    const decision = await this.admit(form, email, body.token!, ip, now);
    if (decision.kind !== 'send') return { ...quiet, ...(decision.kind === 'limited' ? { limited: decision.limit } : {}) };
    try {
      await this.sendConfirmation(form, from, email, decision.signupId);
    } catch (error) {
      // Nothing was sent: the sign-up, its place and its counts are given back, so the
      // address can sign up again once the form can send.
      await this.db.transaction().execute(async (trx) => {
        await deleteSignup(trx, decision.signupId);
        await deleteCounter(trx, decision.pendingKey);
        for (const key of decision.countedKeys) await uncount(trx, key);
      });
      if (error instanceof AppError && error.status < 500) return { kind: 'cannot-send', title: form.title, reason: error.message };
      throw error;
    }
    // Once per window of a form, a few counters long past their window go; one that fails is tried at the next.
    if (decision.newFormWindow) await deleteEndedCounters(this.db, this.options.dialect, now - this.options.confirmationWindowMs, 100).catch(() => undefined);
    return quiet;
  }

  /**
   * Whether this sign-up gets a confirmation mail, decided and recorded in one transaction:
   * the sign-up row (a page token is used once), then its place among the confirmations of
   * the window, the counters taken in one order (this form and address, the address, the
   * form) so that concurrent submissions wait for each other and never deadlock. Anything
   * short of `send` rolls the whole transaction back: only mails sent are counted. The
   * mail is sent after the commit (through the send path's own); a process that dies in
   * between leaves the address held without a mail until the window ends.
   */
  private async admit(
    form: FormRow,
    email: string,
    pageToken: string,
    ip: string,
    now: number,
  ): Promise<
    | { kind: 'send'; signupId: string; pendingKey: string; countedKeys: string[]; newFormWindow: boolean }
    | { kind: 'dropped' }
    | { kind: 'limited'; limit: 'form' | 'address' }
  > {
    const { confirmationWindowMs: windowMs, confirmationsPerForm: perForm, confirmationsPerAddress: perAddress } = this.options;
    const address = normalizeEmail(email);
    const pendingKey = pendingKeyOf(form.id, address);
    const signupId = newId(now);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const signup = { id: signupId, form_id: form.id, account_id: form.account_id, email, page_token: pageToken, ip, created_at: now, confirmed_at: null };
        if (!(await insertSignup(trx, signup))) throw new NotAdmitted({ kind: 'dropped' });
        if ((await countUnder(trx, pendingKey, now, windowMs)) > 1) throw new NotAdmitted({ kind: 'dropped' });
        const addressKey = `address:${JSON.stringify(address)}`;
        const formKey = `form:${form.id}`;
        if (perAddress > 0 && (await countUnder(trx, addressKey, now, windowMs)) > perAddress) throw new NotAdmitted({ kind: 'limited', limit: 'address' });
        const formCount = await countUnder(trx, formKey, now, windowMs);
        if (perForm > 0 && formCount > perForm) throw new NotAdmitted({ kind: 'limited', limit: 'form' });
        return { kind: 'send' as const, signupId, pendingKey, countedKeys: [addressKey, formKey], newFormWindow: formCount === 1 };
      });
    } catch (error) {
      if (error instanceof NotAdmitted) return error.outcome;
      throw error;
    }
  }

  /** The confirmation mail, through the account's ordinary send path (queued, delivered, logged). */
  private async sendConfirmation(form: FormRow, from: string, email: string, signupId: string): Promise<void> {
    const link = `${this.options.publicUrl()}/inbox/forms/${form.id}/confirm?s=${signupId}&sig=${sign(form.signing_key, `confirm.${signupId}`)}`;
    await this.notify.messages.send(
      {
        accountId: form.account_id,
        userId: form.create_user_id ?? '',
        credential: 'apiKey',
        sessionId: null,
        apiKeyId: null,
        role: null,
        scopes: ['send'],
      } as Principal,
      {
        from: { email: from, name: form.title },
        to: [{ email }],
        subject: `Confirm your subscription: ${form.title}`,
        htmlContent: confirmationMail(form.title, link),
      } as never,
    );
  }

  async confirm(formId: string, signupId: string, signature: string, now = this.options.clock.now()): Promise<ConfirmOutcome> {
    const form = isId(formId) ? await findPublicForm(this.db, formId) : undefined;
    if (!form || !isId(signupId) || !sameSignature(signature, sign(form.signing_key, `confirm.${signupId}`))) return { kind: 'invalid' };
    const signup = await findSignup(this.db, form.id, signupId);
    if (!signup) return { kind: 'invalid' };
    return this.db.transaction().execute(async (trx) => {
      if (!(await markSignupConfirmed(trx, signup.id, now))) return { kind: 'already' as const, title: form.title };
      // Confirmed: nothing is pending for the address any more, so it may sign up again at once.
      await deleteCounter(trx, pendingKeyOf(form.id, normalizeEmail(signup.email)));
      const { id: contactId } = await insertContactOrFindByEmail(
        trx,
        newActiveContact(form.account_id, { id: newId(now), email: signup.email, email_normalized: normalizeEmail(signup.email) }, now),
      );
      const contact = await trx.selectFrom('contacts').select('status').where('id', '=', contactId).executeTakeFirstOrThrow();
      const status = Number(contact.status);
      if (status === CONTACT_STATUS.unsubscribed) await updateContact(trx, form.account_id, contactId, { status: CONTACT_STATUS.active, updated_at: now });
      if (status === CONTACT_STATUS.active || status === CONTACT_STATUS.unsubscribed) {
        const lists = await liveContactListIds(trx, form.account_id, JSON.parse(form.list_ids) as string[]);
        for (const listId of lists) await addMember(trx, form.account_id, listId, contactId, now);
      }
      await insertConsent(trx, {
        id: newId(now),
        account_id: form.account_id,
        contact_id: contactId,
        source: `form:${form.id}`,
        ip: signup.ip,
        consented_at: signup.created_at,
        confirmed_at: now,
      });
      return { kind: 'subscribed' as const, title: form.title };
    });
  }
}
