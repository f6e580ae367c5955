import { type FormEvent, useState } from 'react';
import { api, get, type ItemOf, type ListObject, query } from '../api';
import { type CampaignItem, type ContactList, campaignStatus, type Segment } from '../marketing';
import { navigate } from '../router';
import { Empty, ErrorBox, Field, FieldError, Link, Loading, messageOf, Pager, State, Table, useKeyPages, useLoad, when } from '../ui';
import { CampaignContent } from './CampaignContent';
import { PostalAddressNotice } from './PostalAddress';

type MarketingSender = ItemOf<'/inbox/v1/senders'>;

type Newsletter = ItemOf<'/inbox/v1/newsletters'>;

const PAGE_SIZE = 25;
/** The campaign's listType: 2, its `lists` are contact lists; 3, segments. */
const AUDIENCES = [
  [2, 'Contact lists'],
  [3, 'Segments'],
] as const;
const everything = (path: string) => `${path}?pageSize=500`;

/** Campaigns need a campaign sender; offered where it is missing instead of sending people elsewhere. */
function AddSender({ onCreated }: { onCreated: () => void }) {
  const [form, setForm] = useState({ DisplayName: '', Email: '', ReplyEmail: '' });
  const [error, setError] = useState<unknown>();
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await api('POST', '/inbox/v1/senders', form);
      onCreated();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Add a campaign sender">
      <p>
        A campaign needs a sender: the From of every copy. Its address must be one of your senders or at a sending domain of yours (see{' '}
        <Link to="/senders">Senders & domains</Link>).
      </p>
      <Field label="Sender name" name="DisplayName" value={form.DisplayName} onChange={set('DisplayName')} error={error} required />
      <Field label="Sender address" name="Email" type="email" value={form.Email} onChange={set('Email')} error={error} required />
      <Field label="Reply-to address" name="ReplyEmail" type="email" value={form.ReplyEmail} onChange={set('ReplyEmail')} error={error} required />
      <button type="submit">Add campaign sender</button>
      <ErrorBox error={error} />
    </form>
  );
}

/** The contacts a campaign to these lists or segments would reach now (POST /inbox/v1/campaigns/audience), as the form changes. */
export function RecipientCount({ listType, lists }: { listType: number; lists: string[] }) {
  const key = lists.join(',');
  const count = useLoad(
    () => (lists.length === 0 ? Promise.resolve(undefined) : api<{ recipients: number }>('POST', '/inbox/v1/campaigns/audience', { listType, lists })),
    [listType, key],
  );
  return (
    <p className="recipient-count" role="status" data-testid="audience-count">
      {lists.length === 0
        ? 'Choose who gets it.'
        : count.data
          ? `${count.data.recipients} recipient${count.data.recipients === 1 ? '' : 's'} now (each address once; unsubscribed and suppressed contacts left out).`
          : count.error
            ? messageOf(count.error)
            : 'Counting…'}
    </p>
  );
}

function CreateCampaign() {
  const senders = useLoad(() => get<ListObject<MarketingSender>>(everything('/inbox/v1/senders')), []);
  const newsletters = useLoad(() => get<ListObject<Newsletter>>(everything('/inbox/v1/newsletters')), []);
  const lists = useLoad(() => get<ListObject<ContactList>>(everything('/inbox/v1/contactlists')), []);
  const segments = useLoad(() => get<ListObject<Segment>>(everything('/inbox/v1/segments')), []);
  const [source, setSource] = useState<'html' | 'newsletter'>('html');
  const [form, setForm] = useState({ newsletterId: '', subject: '', language: 'en', htmlContent: '', senderAccountId: '' });
  const [listType, setListType] = useState<2 | 3>(2);
  const [audience, setAudience] = useState<string[]>([]);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const loadError = senders.error ?? newsletters.error ?? lists.error ?? segments.error;
  if (!senders.data || !newsletters.data || !lists.data || !segments.data) return loadError ? <ErrorBox error={loadError} /> : <Loading />;
  if (senders.data.items.length === 0) return <AddSender onCreated={senders.reload} />;
  const choices =
    listType === 2
      ? lists.data.items.map((l) => ({ id: l.id, label: `${l.listName} (${l.count})` }))
      : segments.data.items.map((s) => ({ id: s.id, label: s.name }));
  const senderAccountId = form.senderAccountId || senders.data.items[0]!.id;
  // Nothing is sent from here: the campaign is saved as a draft, and its page offers a test send, then the send behind a confirmation.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setBusy(true);
    const common = { senderAccountId, listType, lists: audience, draft: true };
    try {
      const id =
        source === 'newsletter'
          ? await api<string>('POST', '/inbox/v1/campaigns', { newsletterId: form.newsletterId, ...common })
          : await api<string>('POST', '/inbox/v1/campaigns/custom', {
              subject: form.subject,
              language: form.language,
              htmlContent: form.htmlContent,
              ...common,
            });
      navigate(`/campaigns/${id}`);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <>
      <PostalAddressNotice />
      <form className="campaign-form" onSubmit={submit} aria-label="Create a campaign">
        <ol className="steps" aria-label="Steps">
          <li aria-current="step">Content and audience</li>
          <li>Test</li>
          <li>Send or schedule</li>
        </ol>
        <fieldset>
          <legend>Content</legend>
          <label className="check">
            <input type="radio" name="source" checked={source === 'html'} onChange={() => setSource('html')} /> Write it here
          </label>
          <label className="check">
            <input
              type="radio"
              name="source"
              checked={source === 'newsletter'}
              onChange={() => setSource('newsletter')}
              disabled={newsletters.data.items.length === 0}
            />{' '}
            From a newsletter {newsletters.data.items.length === 0 && <span className="muted">(none yet: POST /inbox/v1/newsletters)</span>}
          </label>
          {source === 'newsletter' ? (
            <div className="field">
              <label htmlFor="campaign-newsletter">Newsletter</label>
              <select id="campaign-newsletter" value={form.newsletterId} onChange={(e) => set('newsletterId')(e.target.value)} required>
                <option value="">Choose a newsletter</option>
                {newsletters.data.items.map((n) => (
                  <option key={n.id} value={n.id}>
                    {n.subject}
                  </option>
                ))}
              </select>
              <FieldError error={error} name="newsletterId" />
            </div>
          ) : (
            <>
              <Field label="Subject" name="subject" value={form.subject} onChange={set('subject')} error={error} required />
              <Field label="Language" name="language" value={form.language} onChange={set('language')} error={error} placeholder="en-US" required />
              <CampaignContent
                subject={form.subject}
                language={form.language}
                html={form.htmlContent}
                onChange={set('htmlContent')}
                onStartFrom={(n) => setForm((f) => ({ ...f, subject: f.subject || n.subject, language: n.language, htmlContent: n.htmlContent }))}
                error={error}
              />
            </>
          )}
        </fieldset>
        <fieldset>
          <legend>Sender and audience</legend>
          <div className="field">
            <label htmlFor="campaign-sender">From</label>
            <select id="campaign-sender" value={senderAccountId} onChange={(e) => set('senderAccountId')(e.target.value)}>
              {senders.data.items.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.fullName}
                </option>
              ))}
            </select>
            <FieldError error={error} name="senderAccountId" />
          </div>
          {AUDIENCES.map(([type, label]) => (
            <label key={type} className="check">
              <input
                type="radio"
                name="listType"
                checked={listType === type}
                onChange={() => {
                  setListType(type);
                  setAudience([]);
                }}
              />{' '}
              {label}
            </label>
          ))}
          {choices.length === 0 ? (
            <p className="muted">
              {listType === 2 ? (
                <>
                  No contact lists yet: <Link to="/lists">create one and import contacts</Link> first.
                </>
              ) : (
                <>
                  No segments yet: <Link to="/segments">build one</Link> first.
                </>
              )}
            </p>
          ) : (
            <fieldset>
              <legend>Send to</legend>
              {choices.map((c) => (
                <label key={c.id} className="check">
                  <input
                    type="checkbox"
                    checked={audience.includes(c.id)}
                    onChange={(e) => setAudience(e.target.checked ? [...audience, c.id] : audience.filter((id) => id !== c.id))}
                  />{' '}
                  {c.label}
                </label>
              ))}
            </fieldset>
          )}
          <RecipientCount listType={listType} lists={audience} />
          <FieldError error={error} name="lists" also={audience.map((_, i) => `lists[${i}]`).concat('listType')} />
        </fieldset>
        <ErrorBox error={error} />
        <button type="submit" disabled={busy}>
          Save draft and continue
        </button>
      </form>
    </>
  );
}

export function Campaigns() {
  const paging = useKeyPages();
  // Refreshed while open, so a campaign's status and counters move in the list too.
  const campaigns = useLoad(
    () => get<ListObject<CampaignItem>>(`/inbox/v1/campaigns${query({ pageSize: PAGE_SIZE, after: paging.after })}`),
    [paging.after],
    5000,
  );
  const [creating, setCreating] = useState(false);
  return (
    <section>
      <h1>Campaigns</h1>
      {creating ? (
        <CreateCampaign />
      ) : (
        <button type="button" onClick={() => setCreating(true)}>
          New campaign
        </button>
      )}
      <ErrorBox error={campaigns.error} />
      {!campaigns.data ? (
        !campaigns.error && <Loading />
      ) : campaigns.data.totalCount === 0 ? (
        <Empty title="No campaigns yet">
          Import your contacts into a list under <Link to="/lists">Contacts & lists</Link>, then create a campaign with “New campaign”: its counters move here
          as it sends.
        </Empty>
      ) : (
        <>
          <Table
            columns={['Subject', 'Status', 'Recipients', 'Delivered', 'Opened', 'Clicked', 'Planned']}
            items={campaigns.data.items}
            rowKey={(c) => c.id}
            cells={(c) => [
              <Link key="subject" to={`/campaigns/${c.id}`}>
                {c.subject}
              </Link>,
              <State key="status" state={campaignStatus(c.status)} />,
              c.totalRecipients,
              c.delivered,
              c.opened,
              c.clicked,
              when(c.plannedTime),
            ]}
          />
          <Pager paging={paging} items={campaigns.data.items} pageSize={PAGE_SIZE} />
        </>
      )}
    </section>
  );
}
