import { type FormEvent, useState } from 'react';
import { type Answer, api, get, type ItemOf, type ListObject, query } from '../api';
import { Empty, ErrorBox, Field, Link, Loading, State, Tabs, useLoad, when } from '../ui';
import { ReceivedInbox } from './Inbound';
import { Attachments, HeaderTable, HtmlPreview, Source } from './MessageBody';

type Captured = ItemOf<'/notify/v1/inbox'>;

type CapturedEmail = Answer<'/notify/v1/inbox/{id}', 'get'>;

type Simulated = Answer<'/notify/v1/inbox/{id}/simulate', 'post'>;

const VIEWS = ['HTML', 'Text', 'Headers', 'Raw'] as const;

type Outcome = 'bounce' | 'complaint' | 'open' | 'click';

/** What the page says once an outcome is recorded, in the words of the result. */
function outcomeNote(kind: Outcome, result: Simulated): string {
  if (kind === 'open') return `Recorded an open for ${result.email}.`;
  if (kind === 'click') return `Recorded a click on ${result.url ?? 'the first link'} for ${result.email}.`;
  if (!result.recorded) return `A ${kind} was already recorded for ${result.email}; nothing changed.`;
  return `Recorded a ${kind} for ${result.email}${result.suppressed ? '; the address is now on the suppression list.' : '.'}`;
}

function Preview({ id, onChanged, onDeleted }: { id: string; onChanged: () => void; onDeleted: () => void }) {
  const mail = useLoad(() => get<CapturedEmail>(`/notify/v1/inbox/${id}`), [id]);
  const [view, setView] = useState<(typeof VIEWS)[number]>('HTML');
  const [outcome, setOutcome] = useState<{ kind: Outcome; note: string }>();
  const [error, setError] = useState<unknown>();
  const simulate = async (kind: Outcome) => {
    setError(undefined);
    setOutcome(undefined);
    try {
      const result = await api<Simulated>('POST', `/notify/v1/inbox/${id}/simulate`, { outcome: kind });
      setOutcome({ kind, note: outcomeNote(kind, result) });
      mail.reload();
      onChanged();
    } catch (failure) {
      setError(failure);
    }
  };
  const m = mail.data;
  if (!m) return mail.error ? <ErrorBox error={mail.error} /> : <Loading />;
  return (
    <article className="mail" aria-labelledby="mail-subject">
      <h2 id="mail-subject">{m.subject || '(no subject)'}</h2>
      <dl className="facts">
        <dt>From</dt>
        <dd>{m.fromName ? `${m.fromName} <${m.fromEmail}>` : m.fromEmail}</dd>
        <dt>To</dt>
        <dd>{m.envelopeTo}</dd>
        <dt>Captured</dt>
        <dd>{when(m.createTime)}</dd>
        <dt>Recipient state</dt>
        <dd>
          <State state={m.recipientState} /> · <Link to={`/messages/${m.messageId}`}>message log</Link>
        </dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={() => simulate('bounce')}>
          Simulate bounce
        </button>
        <button type="button" onClick={() => simulate('complaint')}>
          Simulate complaint
        </button>
        <button type="button" onClick={() => simulate('open')}>
          Simulate open
        </button>
        <button type="button" onClick={() => simulate('click')}>
          Simulate click
        </button>
        <button
          type="button"
          className="danger"
          onClick={async () => {
            setError(undefined);
            try {
              await api('DELETE', `/notify/v1/inbox/${id}`);
              onDeleted();
            } catch (failure) {
              setError(failure);
            }
          }}
        >
          Delete from the inbox
        </button>
      </div>
      {outcome && (
        <p className="notice" role="status">
          {outcome.note}{' '}
          {outcome.kind === 'bounce' || outcome.kind === 'complaint' ? (
            <Link to="/suppressions">See suppressions</Link>
          ) : (
            <Link to={`/messages/${m.messageId}`}>See the message's events</Link>
          )}
        </p>
      )}
      <ErrorBox error={error} />
      {m.attachments.length > 0 && <Attachments files={m.attachments} pathOf={(index) => `/notify/v1/inbox/${id}/attachments/${index}`} />}
      <Tabs tabs={VIEWS} current={view} onChange={setView} label="Captured message" />
      <div role="tabpanel" className="panel">
        {view === 'HTML' && (m.html ? <HtmlPreview html={m.html} title={`HTML of ${m.subject}`} /> : <p className="muted">No HTML part.</p>)}
        {view === 'Text' && <Source kind="text">{m.text ?? 'No text part.'}</Source>}
        {view === 'Headers' && <HeaderTable headers={m.headers} />}
        {view === 'Raw' && <Source kind="raw">{m.raw}</Source>}
      </div>
    </article>
  );
}

/** A test message from one of the account's senders, through the ordinary send API. */
function TestSend({ onSent }: { onSent: () => void }) {
  const senders = useLoad(() => get<ListObject<ItemOf<'/notify/v1/senders'>>>('/notify/v1/senders?pageSize=100'), []);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState<string>();
  const sender = senders.data?.items.find((s) => s.email === from) ?? senders.data?.items[0];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setNote(undefined);
    try {
      await api('POST', '/notify/v1/send', {
        from: { email: sender?.email ?? '', name: sender?.displayName ?? '' },
        to: [{ email: to }],
        subject: 'Test message from Postwire',
        htmlContent:
          `<h1>It works</h1><p>This test message was sent from the Postwire dashboard by <b>${sender?.email ?? ''}</b>.</p>` +
          `<p><a href="${window.location.origin}/app/inbox">Open the capture inbox</a></p>`,
        // Tracked, as a newsletter would be: opens and clicks can be simulated on it.
        trackOpens: true,
        trackClicks: true,
      });
      setNote(`Sent to ${to}; it appears below in a moment.`);
      onSent();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Send a test message">
      <label>
        From
        <select name="from" value={sender?.email ?? ''} onChange={(e) => setFrom(e.target.value)}>
          {senders.data?.items.map((s) => (
            <option key={s.id} value={s.email}>
              {s.displayName} &lt;{s.email}&gt;
            </option>
          ))}
        </select>
      </label>
      <Field label="To" name="to[0].email" type="email" value={to} onChange={setTo} error={error} placeholder="someone@example.com" required />
      <button type="submit">Send test message</button>
      {note && <span role="status">{note}</span>}
      <ErrorBox error={error} />
    </form>
  );
}

/** Mail the capture transport kept, with a reader that can simulate what a recipient's side would do. */
function Captured() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  // Live: new mail shows within two seconds of the worker capturing it.
  const list = useLoad(() => get<ListObject<Captured>>(`/notify/v1/inbox${query({ pageSize: 100, q })}`), [q], 2000);
  const [selected, setSelected] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [cleared, setCleared] = useState<number>();
  const clear = async () => {
    if (!window.confirm('Delete every message in the capture inbox? The messages and their events stay in the message log.')) return;
    setError(undefined);
    try {
      setCleared((await api<{ deleted: number }>('DELETE', '/notify/v1/inbox')).deleted);
      setSelected(undefined);
      list.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <>
      <p className="muted">Mail the capture transport kept instead of delivering it. New mail appears here as it arrives.</p>
      <TestSend onSent={() => undefined} />
      <div className="inline-row">
        <form
          className="inline-row"
          aria-label="Search the inbox"
          onSubmit={(e) => {
            e.preventDefault();
            setQ(search.trim());
          }}
        >
          <div className="field">
            <label htmlFor="inbox-search">Subject, recipient or sender contains</label>
            <input id="inbox-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <button type="submit" className="small">
            Search
          </button>
        </form>
        <button type="button" className="small danger" onClick={clear} disabled={!list.data || (list.data.totalCount === 0 && !q)}>
          Clear the inbox
        </button>
      </div>
      {cleared !== undefined && (
        <p role="status" className="muted">
          Deleted {cleared} message{cleared === 1 ? '' : 's'} from the inbox.
        </p>
      )}
      <ErrorBox error={error ?? list.error} />
      {!list.data ? (
        !list.error && <Loading />
      ) : list.data.items.length === 0 ? (
        q ? (
          <Empty title="No captured mail matches">Nothing in the inbox has “{q}” in its subject, recipient or sender.</Empty>
        ) : (
          <Empty title="The inbox is empty">
            Send a message (<code>POST /notify/v1/send</code>); with the capture transport every recipient's copy lands here, where you can read it and simulate
            a bounce, a complaint, an open or a click.
          </Empty>
        )
      ) : (
        <div className="inbox">
          <ul className="mail-list" aria-label="Captured mail">
            {list.data.items.map((m) => (
              <li key={m.id}>
                <button type="button" className={m.id === selected ? 'selected' : undefined} aria-current={m.id === selected} onClick={() => setSelected(m.id)}>
                  <span className="mail-subject">{m.subject || '(no subject)'}</span>
                  <span className="mail-meta">
                    {m.envelopeTo} · {when(m.createTime)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div className="mail-view">
            {selected ? (
              <Preview
                key={selected}
                id={selected}
                onChanged={list.reload}
                onDeleted={() => {
                  setSelected(undefined);
                  list.reload();
                }}
              />
            ) : (
              <p className="muted">Choose a message to read it.</p>
            )}
          </div>
        </div>
      )}
    </>
  );
}

const BOXES = ['Captured', 'Received'] as const;

/** Captured mail (what Postwire would have sent) beside received mail (what your receiving domains took). */
export function Inbox() {
  const [box, setBox] = useState<(typeof BOXES)[number]>('Captured');
  return (
    <section>
      <h1>Capture inbox</h1>
      <Tabs tabs={BOXES} current={box} onChange={setBox} label="Mailbox" />
      <div role="tabpanel" className="inbox-box">
        {box === 'Captured' ? <Captured /> : <ReceivedInbox />}
      </div>
    </section>
  );
}
