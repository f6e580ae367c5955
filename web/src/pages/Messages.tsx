import { type FormEvent, useState } from 'react';
import { type Answer, apiText, get, type ItemOf, type ListObject, query } from '../api';
import { Empty, ErrorBox, Link, Loading, Pager, State, Table, Tabs, useKeyPages, useLoad, when } from '../ui';
import { Attachments, HeaderTable, HtmlPreview, parseHeaders, Source } from './MessageBody';

type Message = ItemOf<'/notify/v1/messages'>;

type Detail = Answer<'/notify/v1/messages/{id}', 'get'>;

const STATES = ['', 'queued', 'sent', 'delivered', 'deferred', 'bounced', 'suppressed', 'failed', 'cancelled'];
const PAGE_SIZE = 25;

export function Messages() {
  const [form, setForm] = useState({ recipient: '', subject: '', tag: '', state: '', since: '', until: '' });
  const [filter, setFilter] = useState(form);
  const paging = useKeyPages();
  const { after } = paging;
  const list = useLoad(
    () =>
      get<ListObject<Message>>(
        `/notify/v1/messages${query({
          ...filter,
          since: filter.since ? new Date(filter.since).toISOString() : undefined,
          until: filter.until ? new Date(`${filter.until}T23:59:59.999`).toISOString() : undefined,
          pageSize: PAGE_SIZE,
          after,
        })}`,
      ),
    [filter, after],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    paging.reset();
    setFilter(form);
  };
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const filtered = Object.values(filter).some(Boolean);
  return (
    <section>
      <h1>Messages</h1>
      <form className="filters" onSubmit={submit} aria-label="Search messages">
        <label>
          Recipient
          <input type="search" name="recipient" value={form.recipient} onChange={set('recipient')} placeholder="someone@example.com" />
        </label>
        <label>
          Subject contains
          <input type="search" name="subject" value={form.subject} onChange={set('subject')} />
        </label>
        <label>
          Tag
          <input type="search" name="tag" value={form.tag} onChange={set('tag')} />
        </label>
        <label>
          State
          <select name="state" value={form.state} onChange={set('state')}>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {s || 'any'}
              </option>
            ))}
          </select>
        </label>
        <label>
          From date
          <input type="date" name="since" value={form.since} onChange={set('since')} />
        </label>
        <label>
          To date
          <input type="date" name="until" value={form.until} onChange={set('until')} />
        </label>
        <button type="submit">Search</button>
      </form>
      <ErrorBox error={list.error} />
      {!list.data ? (
        !list.error && <Loading />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <Empty title="No message matches">Change or clear the search above.</Empty>
        ) : (
          <Empty title="No messages yet">
            Send one with <code>POST /notify/v1/send</code> and an API key (create one under API keys); it shows here with each recipient's progress.
          </Empty>
        )
      ) : (
        <>
          <p className="muted">{list.data.totalCount} messages</p>
          <table className="list">
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">State</th>
                <th scope="col">Accepted</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((m) => (
                <tr key={m.id}>
                  <td>
                    <Link to={`/messages/${m.id}`}>{m.subject || '(no subject)'}</Link>
                  </td>
                  <td>
                    {m.recipients[0]?.email}
                    {m.recipientCount > 1 ? ` and ${m.recipientCount - 1} more` : ''}
                  </td>
                  <td>
                    <State state={m.recipients[0]?.state ?? 'queued'} />
                  </td>
                  <td>{when(m.createTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager paging={paging} items={list.data.items} pageSize={PAGE_SIZE} />
        </>
      )}
    </section>
  );
}

const VIEWS = ['HTML', 'Text', 'Headers', 'Raw'] as const;

export function MessageDetail({ id }: { id: string }) {
  const message = useLoad(() => get<Detail>(`/notify/v1/messages/${id}`), [id], 5000);
  const raw = useLoad(() => apiText(`/notify/v1/messages/${id}/raw`), [id]);
  const [view, setView] = useState<(typeof VIEWS)[number]>('HTML');
  const m = message.data;
  return (
    <section>
      <p>
        <Link to="/messages">← Messages</Link>
      </p>
      <ErrorBox error={message.error} />
      {!m ? (
        !message.error && <Loading />
      ) : (
        <>
          <h1>{m.subject || '(no subject)'}</h1>
          <dl className="facts">
            <dt>From</dt>
            <dd>{m.from.name ? `${m.from.name} <${m.from.email}>` : m.from.email}</dd>
            <dt>Accepted</dt>
            <dd>{when(m.createTime)}</dd>
            <dt>Message id</dt>
            <dd>
              <code>{m.id}</code>
            </dd>
            <dt>Message-ID</dt>
            <dd>
              <code>{m.messageId}</code>
            </dd>
            {m.templateId ? (
              <>
                <dt>Template</dt>
                <dd>
                  <code>{m.templateId}</code>
                </dd>
              </>
            ) : null}
            <dt>Tags</dt>
            <dd data-testid="message-tags">
              {m.tags?.length ? (
                <ul className="tag-list" aria-label="Tags">
                  {m.tags.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ul>
              ) : (
                <span className="muted">none</span>
              )}
            </dd>
          </dl>
          {m.metadata && Object.keys(m.metadata).length > 0 && (
            <>
              <h2>Metadata</h2>
              <Table
                label="Metadata"
                columns={['Key', 'Value']}
                items={Object.entries(m.metadata)}
                rowKey={([k]) => k}
                cells={([k, v]) => [<code key="k">{k}</code>, <code key="v">{JSON.stringify(v)}</code>]}
              />
            </>
          )}
          <h2>Recipients</h2>
          {m.recipients.map((r) => (
            <div key={r.id} className="recipient">
              <h3>
                {r.email} <State state={r.state} />
              </h3>
              <ol className="timeline" aria-label={`Events for ${r.email}`}>
                {r.events.map((e) => (
                  <li key={e.id}>
                    <span className={`state state-${e.type}`}>{e.type}</span> <time dateTime={e.createTime}>{when(e.createTime)}</time>
                    {typeof e.details.response === 'string' && <span className="muted"> — {e.details.response}</span>}
                    {typeof e.details.url === 'string' && <span className="muted"> — {e.details.url}</span>}
                    {e.details.simulated === true && <span className="muted"> (simulated)</span>}
                  </li>
                ))}
              </ol>
            </div>
          ))}
          {m.attachments?.length ? (
            <>
              <h2>Attachments</h2>
              <Attachments files={m.attachments} pathOf={(index) => `/notify/v1/messages/${m.id}/attachments/${index}`} />
            </>
          ) : null}
          <h2>Content</h2>
          {m.bodyPurgedTime ? (
            <p className="empty" data-testid="body-purged">
              The content of this message was purged by retention on {when(m.bodyPurgedTime)}: the account keeps message bodies for a set number of days
              (bodyRetentionDays of GET /account). Its recipients and events are kept.
            </p>
          ) : (
            <>
              <Tabs tabs={VIEWS} current={view} onChange={setView} label="Message content" />
              <div role="tabpanel" className="panel">
                {view === 'HTML' &&
                  (m.htmlContent ? (
                    <HtmlPreview html={m.htmlContent} title={`HTML of ${m.subject}`} />
                  ) : (
                    <p className="muted">This message has no HTML part.</p>
                  ))}
                {view === 'Text' && <Source kind="text">{m.textContent ?? '(derived from the HTML when sent; see Raw)'}</Source>}
                {view === 'Headers' && (raw.data ? <HeaderTable headers={parseHeaders(raw.data)} /> : <ErrorBox error={raw.error} />)}
                {view === 'Raw' && (raw.data ? <Source kind="raw">{raw.data}</Source> : <ErrorBox error={raw.error} />)}
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
