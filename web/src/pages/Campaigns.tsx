import { type FormEvent, useState } from 'react';
import { api, get, type ItemOf, type ListObject, query } from '../api';
import { type CampaignItem, type ContactList, campaignStatus, type Segment } from '../marketing';
import { navigate } from '../router';
import { Empty, ErrorBox, Field, FieldError, Link, Loading, Pager, State, Table, useKeyPages, useLoad, when } from '../ui';

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

/** A local date and time from the form as ISO 8601; what the browser cannot read goes as typed, for the API to name. */
const iso = (local: string) => {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

function CreateCampaign() {
  const senders = useLoad(() => get<ListObject<MarketingSender>>(everything('/inbox/v1/senders')), []);
  const newsletters = useLoad(() => get<ListObject<Newsletter>>(everything('/inbox/v1/newsletters')), []);
  const lists = useLoad(() => get<ListObject<ContactList>>(everything('/inbox/v1/contactlists')), []);
  const segments = useLoad(() => get<ListObject<Segment>>(everything('/inbox/v1/segments')), []);
  const [source, setSource] = useState<'html' | 'newsletter'>('html');
  const [form, setForm] = useState({ newsletterId: '', subject: '', language: 'en', htmlContent: '', senderAccountId: '', plannedTime: '' });
  const [listType, setListType] = useState<2 | 3>(2);
  const [audience, setAudience] = useState<string[]>([]);
  const [later, setLater] = useState(false);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const loadError = senders.error ?? newsletters.error ?? lists.error ?? segments.error;
  if (!senders.data || !newsletters.data || !lists.data || !segments.data) return loadError ? <ErrorBox error={loadError} /> : <Loading />;
  if (senders.data.items.length === 0) return <AddSender onCreated={senders.reload} />;
  const choices =
    listType === 2
      ? lists.data.items.map((l) => ({ id: l.id, label: `${l.listName} (${l.count})` }))
      : segments.data.items.map((s) => ({ id: s.id, label: s.name }));
  const senderAccountId = form.senderAccountId || senders.data.items[0]!.id;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setBusy(true);
    const common = { senderAccountId, listType, lists: audience, plannedTime: later ? iso(form.plannedTime) : undefined };
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
    <form className="campaign-form" onSubmit={submit} aria-label="Create a campaign">
      <fieldset>
        <legend>Content</legend>
        <label className="check">
          <input type="radio" name="source" checked={source === 'html'} onChange={() => setSource('html')} /> Custom HTML
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
            <div className="field">
              <label htmlFor="campaign-html">HTML (placeholders such as #email# are filled per contact)</label>
              <textarea id="campaign-html" rows={8} value={form.htmlContent} onChange={(e) => set('htmlContent')(e.target.value)} required />
              <FieldError error={error} name="htmlContent" />
            </div>
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
              'No segments yet (POST /inbox/v1/segments).'
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
        <FieldError error={error} name="lists" also={audience.map((_, i) => `lists[${i}]`).concat('listType')} />
      </fieldset>
      <fieldset>
        <legend>When</legend>
        <label className="check">
          <input type="radio" name="when" checked={!later} onChange={() => setLater(false)} /> Send now
        </label>
        <label className="check">
          <input type="radio" name="when" checked={later} onChange={() => setLater(true)} /> Schedule
        </label>
        {later && (
          <Field
            label="Start at (your time)"
            name="plannedTime"
            type="datetime-local"
            value={form.plannedTime}
            onChange={set('plannedTime')}
            error={error}
            required
          />
        )}
      </fieldset>
      <ErrorBox error={error} />
      <button type="submit" disabled={busy}>
        {later ? 'Schedule campaign' : 'Send campaign now'}
      </button>
    </form>
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
