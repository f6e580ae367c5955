/**
 * Inbound mail: receiving domains with the MX record to publish and its check, the routes on
 * each (an address or pattern → webhook, keep, forward or reject), a route's recent messages,
 * and one received message with its authentication results, spam score, stripped reply and
 * content. Every figure is the API's (/notify/v1/inbound/…); the page adds no rule of its own.
 */
import { type FormEvent, useState } from 'react';
import { type Answer, api, apiDownload, apiText, get, type ItemOf, type ListObject, query } from '../api';
import { navigate } from '../router';
import {
  ConfirmDialog,
  CopyButton,
  Empty,
  ErrorBox,
  Field,
  FieldError,
  fieldMessage,
  Link,
  Loading,
  Pager,
  Table,
  Tabs,
  useAction,
  useKeyPages,
  useLoad,
  when,
} from '../ui';
import { Attachments, HeaderTable, HtmlPreview, Source } from './MessageBody';

type Domain = ItemOf<'/notify/v1/inbound/domains'>;
type Route = ItemOf<'/notify/v1/inbound/routes'>;
type Received = ItemOf<'/notify/v1/inbound/messages'>;
type ReceivedDetail = Answer<'/notify/v1/inbound/messages/{id}', 'get'>;
type Action = Route['action'];

const ACTIONS: readonly { value: Action; label: string }[] = [
  { value: 'webhook', label: 'POST to a webhook' },
  { value: 'store', label: 'Keep for fetching' },
  { value: 'forward', label: 'Forward to an address' },
  { value: 'reject', label: 'Reject with an SMTP reply' },
];
const PAGE_SIZE = 25;

/** The addresses a pattern stands for, as a person reads them: `support@`, `reply+*@`, "any address". */
export function addressOf(route: Pick<Route, 'pattern' | 'domain'>): string {
  return route.pattern === '*' ? `any address @${route.domain}` : `${route.pattern}@${route.domain}`;
}

/** What a route does with a message, in words; a long target (a URL, an address) may break anywhere, the words do not. */
function ActionText({ route }: { route: Route }) {
  const target = (verb: string, value: string | null) => (
    <>
      {verb} <span className="wrap-anywhere">{value ?? ''}</span>
    </>
  );
  switch (route.action) {
    case 'webhook':
      return target('POST to', route.webhookUrl);
    case 'store':
      return <>keep for fetching</>;
    case 'forward':
      return target('forward to', route.forwardTo);
    case 'reject':
      return <>{`reject: ${route.rejectCode ?? 550} ${route.rejectMessage ?? ''}`}</>;
  }
}

/** The colour of a check's word: green when it passed, red when it failed, amber when it says nothing either way. */
function checkClass(result: string): string {
  if (result === 'pass' || result === 'found') return 'state state-delivered';
  if (['fail', 'softfail', 'permerror', 'missing', 'wrong'].includes(result)) return 'state state-failed';
  return 'state state-deferred';
}

/** The form's fields as text, from a route being edited or blank for a new one. */
function routeFields(route?: Route) {
  return {
    pattern: route?.pattern ?? '',
    action: route?.action ?? ('webhook' as Action),
    webhookUrl: route?.webhookUrl ?? '',
    forwardTo: route?.forwardTo ?? '',
    rejectCode: String(route?.rejectCode ?? 550),
    rejectMessage: route?.rejectMessage ?? '',
    description: route?.description ?? '',
  };
}

/**
 * Adds a route on a domain, or edits one when `route` is given (PATCH). Only the chosen
 * action's target is sent, so changing the action drops the old target; an empty
 * description clears it, an empty SMTP message takes the default.
 */
function RouteForm({ domain, route, onSaved, onCancel }: { domain: Pick<Domain, 'id' | 'name'>; route?: Route; onSaved: () => void; onCancel?: () => void }) {
  const [form, setForm] = useState(() => routeFields(route));
  const { error, act } = useAction();
  const set = (key: keyof typeof form) => (value: string) => setForm({ ...form, [key]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const fields = {
        pattern: form.pattern,
        action: form.action,
        ...(form.action === 'webhook' ? { webhookUrl: form.webhookUrl } : {}),
        ...(form.action === 'forward' ? { forwardTo: form.forwardTo } : {}),
        ...(form.action === 'reject' ? { rejectCode: Number(form.rejectCode), rejectMessage: form.rejectMessage } : {}),
      };
      if (route) {
        await api('PATCH', `/notify/v1/inbound/routes/${route.id}`, { ...fields, description: form.description });
      } else {
        await api('POST', '/notify/v1/inbound/routes', { domainId: domain.id, ...fields, ...(form.description ? { description: form.description } : {}) });
        setForm(routeFields());
      }
      onSaved();
    });
  };
  const id = route ? `route-edit-${route.id}` : `route-${domain.id}`;
  const patternError = fieldMessage(error, 'pattern');
  return (
    <form className="inline-form route-form" onSubmit={submit} aria-label={route ? `Edit the route ${addressOf(route)}` : `Add a route on ${domain.name}`}>
      <div className="field">
        <label htmlFor={`${id}-pattern`}>Address at {domain.name}</label>
        <span className="address-input">
          <input
            id={`${id}-pattern`}
            name="pattern"
            value={form.pattern}
            placeholder="support, reply+*, or * for any"
            required
            aria-describedby={`${id}-pattern-hint${patternError ? ` ${id}-pattern-error` : ''}`}
            aria-invalid={patternError ? true : undefined}
            onChange={(e) => set('pattern')(e.target.value)}
          />
          <span aria-hidden="true">@{domain.name}</span>
        </span>
        <span className="muted small-print" id={`${id}-pattern-hint`}>
          The part before the @: exact, with * for any run of characters, or * alone for every address.
        </span>
        <FieldError error={error} name="pattern" id={`${id}-pattern-error`} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-action`}>Action</label>
        <select id={`${id}-action`} name="action" value={form.action} onChange={(e) => set('action')(e.target.value)}>
          {ACTIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
        <FieldError error={error} name="action" />
      </div>
      {form.action === 'webhook' && (
        <Field
          label="Webhook URL"
          name="webhookUrl"
          type="url"
          value={form.webhookUrl}
          onChange={set('webhookUrl')}
          error={error}
          placeholder="https://app.example.com/inbound"
          required
        />
      )}
      {form.action === 'forward' && (
        <Field label="Forward to" name="forwardTo" type="email" value={form.forwardTo} onChange={set('forwardTo')} error={error} required />
      )}
      {form.action === 'reject' && (
        <>
          <Field label="SMTP code" name="rejectCode" type="number" value={form.rejectCode} onChange={set('rejectCode')} error={error} required />
          <Field
            label="SMTP message"
            name="rejectMessage"
            value={form.rejectMessage}
            onChange={set('rejectMessage')}
            error={error}
            placeholder="Mail to this address is not accepted"
          />
        </>
      )}
      <Field label="Description (optional)" name="description" value={form.description} onChange={set('description')} error={error} />
      <button type="submit">{route ? 'Save the route' : 'Add route'}</button>
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
      <ErrorBox error={error} />
    </form>
  );
}

function DeleteButton(props: { label: string; title: string; children: string; confirmLabel: string; run: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const { error, act } = useAction();
  return (
    <>
      <button type="button" className="small danger" onClick={() => setAsking(true)}>
        {props.label}
      </button>
      {asking && (
        <ConfirmDialog
          title={props.title}
          confirmLabel={props.confirmLabel}
          danger
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setBusy(true);
            void act(props.run).finally(() => {
              setBusy(false);
              setAsking(false);
            });
          }}
        >
          <p>{props.children}</p>
        </ConfirmDialog>
      )}
      <ErrorBox error={error} />
    </>
  );
}

/** "its 2 routes are", in words that fit the count (unknown while the routes load). */
function routeCount(count: number | undefined): string {
  if (count === undefined) return 'its routes are';
  return count === 1 ? 'its one route is' : `its ${count} routes are`;
}

function DomainCard({ domain, onChanged }: { domain: Domain; onChanged: () => void }) {
  const routes = useLoad(() => get<ListObject<Route>>(`/notify/v1/inbound/routes${query({ domainId: domain.id, pageSize: 100 })}`), [domain.id]);
  const [busy, setBusy] = useState(false);
  const { error, act } = useAction();
  const verify = () => {
    setBusy(true);
    void act(async () => {
      await api('POST', `/notify/v1/inbound/domains/${domain.id}/verify`);
      onChanged();
    }).finally(() => setBusy(false));
  };
  const { mx } = domain;
  return (
    <div className="domain" data-testid={`inbound-domain-${domain.name}`}>
      <h3>
        {domain.name} <span className={checkClass(domain.verified ? 'pass' : 'missing')}>{domain.verified ? 'receiving' : 'MX not in place'}</span>
      </h3>
      <p className="muted">Publish this MX record so the domain's mail comes here, then check it. Last checked: {when(domain.lastCheckTime)}.</p>
      <Table
        label={`MX record of ${domain.name}`}
        columns={['Type', 'Name', 'Value', 'Check']}
        items={[mx]}
        rowKey={() => 'mx'}
        cells={(r) => [
          r.type,
          <span key="n">
            <code>{r.name}</code> <CopyButton text={r.name} label="Copy the MX record name" />
          </span>,
          <span key="v">
            <code>{r.value}</code> <CopyButton text={r.value} label="Copy the MX record value" />
          </span>,
          <span key="s">
            <span className={checkClass(r.status)}>{r.status}</span>
            {r.found.length > 0 && r.status !== 'found' && <span className="muted"> found: {r.found.join(' | ')}</span>}
          </span>,
        ]}
      />
      <div className="actions">
        <button type="button" onClick={verify} disabled={busy}>
          {busy ? 'Checking DNS…' : 'Verify now'}
        </button>
        <DeleteButton
          label={`Delete ${domain.name}`}
          title={`Delete the receiving domain ${domain.name}?`}
          confirmLabel="Delete the domain and its routes"
          run={async () => {
            await api('DELETE', `/notify/v1/inbound/domains/${domain.id}`);
            onChanged();
          }}
        >
          {`Mail to ${domain.name} is refused from then on, and ${routeCount(routes.data?.totalCount)} deleted with it. Messages already received stay.`}
        </DeleteButton>
      </div>
      <ErrorBox error={error} />
      <h4>Routes</h4>
      <ErrorBox error={routes.error} />
      {!routes.data ? (
        !routes.error && <Loading />
      ) : routes.data.items.length === 0 ? (
        <p className="muted">No route yet: every address of {domain.name} is refused (550) until a route takes it.</p>
      ) : (
        <Table
          label={`Routes of ${domain.name}`}
          columns={['Address', 'Action', 'Description', 'Actions']}
          items={routes.data.items}
          rowKey={(r) => r.id}
          cells={(r) => [
            <Link key="a" to={`/inbound/routes/${r.id}`}>
              {addressOf(r)}
            </Link>,
            <ActionText key="x" route={r} />,
            r.description ?? '',
            <DeleteButton
              key="d"
              label={`Delete the route ${addressOf(r)}`}
              title={`Delete the route ${addressOf(r)}?`}
              confirmLabel="Delete the route"
              run={async () => {
                await api('DELETE', `/notify/v1/inbound/routes/${r.id}`);
                routes.reload();
              }}
            >
              Mail to these addresses then takes the next route that matches, or is refused when none does.
            </DeleteButton>,
          ]}
        />
      )}
      <RouteForm domain={domain} onSaved={routes.reload} />
    </div>
  );
}

function DomainForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const { error, act } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      await api('POST', '/notify/v1/inbound/domains', { name });
      setName('');
      onCreated();
    });
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Add a receiving domain">
      <Field label="Receiving domain" name="name" value={name} onChange={setName} error={error} placeholder="in.example.com" required />
      <button type="submit">Add receiving domain</button>
      <ErrorBox error={error} />
    </form>
  );
}

/** Received messages as a table, newest first, each linking to its page. */
function ReceivedTable({ items, showRoute }: { items: Received[]; showRoute?: boolean }) {
  return (
    <Table
      label="Received messages"
      columns={['Received', 'Subject', 'From', 'To', ...(showRoute ? ['Action'] : []), 'Size']}
      items={items}
      rowKey={(m) => m.id}
      cells={(m) => [
        when(m.createTime),
        <Link key="s" to={`/inbound/messages/${m.id}`}>
          {m.subject || '(no subject)'}
        </Link>,
        m.mailFrom || '<>',
        m.recipients.join(', '),
        ...(showRoute ? [m.action] : []),
        `${m.size} bytes`,
      ]}
    />
  );
}

export function Inbound() {
  const domains = useLoad(() => get<ListObject<Domain>>('/notify/v1/inbound/domains?pageSize=100'), []);
  const recent = useLoad(() => get<ListObject<Received>>('/notify/v1/inbound/messages?pageSize=10'), [], 5000);
  return (
    <section>
      <h1>Inbound mail</h1>
      <p className="muted">
        Mail to your domains: point a domain's MX record at this server, then route its addresses to a webhook, keep them for your application, forward them, or
        refuse them.
      </p>
      <h2>Receiving domains</h2>
      <DomainForm onCreated={domains.reload} />
      <ErrorBox error={domains.error} />
      {!domains.data ? (
        !domains.error && <Loading />
      ) : domains.data.items.length === 0 ? (
        <Empty title="No receiving domains">
          Add a domain (a subdomain such as in.example.com when the domain itself gets its mail elsewhere); the page then shows the MX record to publish.
        </Empty>
      ) : (
        domains.data.items.map((d) => <DomainCard key={d.id} domain={d} onChanged={domains.reload} />)
      )}
      <h2>Recently received</h2>
      <ErrorBox error={recent.error} />
      {!recent.data ? (
        !recent.error && <Loading />
      ) : recent.data.items.length === 0 ? (
        <p className="muted">Nothing received yet.</p>
      ) : (
        <ReceivedTable items={recent.data.items} showRoute />
      )}
    </section>
  );
}

/** A route and the messages it took, newest first (live: a new one shows within a few seconds). */
export function InboundRoutePage({ id }: { id: string }) {
  const route = useLoad(() => get<Route>(`/notify/v1/inbound/routes/${id}`), [id]);
  const paging = useKeyPages();
  const { after } = paging;
  const messages = useLoad(
    () => get<ListObject<Received>>(`/notify/v1/inbound/messages${query({ routeId: id, pageSize: PAGE_SIZE, after })}`),
    [id, after],
    after ? undefined : 3000,
  );
  const [editing, setEditing] = useState(false);
  const r = route.data;
  return (
    <section>
      <p>
        <Link to="/inbound">← Inbound mail</Link>
      </p>
      <ErrorBox error={route.error} />
      {!r ? (
        !route.error && <Loading />
      ) : (
        <>
          <h1>Route {addressOf(r)}</h1>
          <dl className="facts">
            <dt>Addresses</dt>
            <dd>
              <code>{addressOf(r)}</code>
            </dd>
            <dt>Action</dt>
            <dd>
              <ActionText route={r} />
            </dd>
            {r.description && (
              <>
                <dt>Description</dt>
                <dd>{r.description}</dd>
              </>
            )}
            <dt>Created</dt>
            <dd>{when(r.createTime)}</dd>
          </dl>
          {editing && (
            <RouteForm
              domain={{ id: r.domainId, name: r.domain }}
              route={r}
              onSaved={() => {
                setEditing(false);
                route.reload();
              }}
              onCancel={() => setEditing(false)}
            />
          )}
          <div className="actions">
            {!editing && (
              <button type="button" className="small" onClick={() => setEditing(true)}>
                Edit
              </button>
            )}
            <DeleteButton
              label="Delete this route"
              title={`Delete the route ${addressOf(r)}?`}
              confirmLabel="Delete the route"
              run={async () => {
                await api('DELETE', `/notify/v1/inbound/routes/${r.id}`);
                navigate('/inbound');
              }}
            >
              Mail to these addresses then takes the next route that matches, or is refused when none does. Messages already received stay.
            </DeleteButton>
          </div>
          <h2>Recent messages</h2>
          {r.action === 'reject' && <p className="muted">This route refuses its mail at RCPT: nothing is received through it.</p>}
          <ErrorBox error={messages.error} />
          {!messages.data ? (
            !messages.error && <Loading />
          ) : messages.data.items.length === 0 && !after ? (
            <Empty title="No messages yet">Mail to {addressOf(r)} appears here as it arrives.</Empty>
          ) : (
            <>
              <ReceivedTable items={messages.data.items} />
              <Pager paging={paging} items={messages.data.items} pageSize={PAGE_SIZE} />
            </>
          )}
        </>
      )}
    </section>
  );
}

const mailboxes = (list: { name: string; address: string }[]) => list.map((m) => (m.name ? `${m.name} <${m.address}>` : m.address)).join(', ') || '—';

const VIEWS = ['Reply', 'HTML', 'Text', 'Headers', 'Raw'] as const;

/** The raw message as text, fetched only when asked for (it may be megabytes). */
function RawSource({ id }: { id: string }) {
  const raw = useLoad(() => apiText(`/notify/v1/inbound/messages/${id}/raw`), [id]);
  if (raw.data === undefined) return raw.error ? <ErrorBox error={raw.error} /> : <Loading />;
  return <Source kind="raw">{raw.data}</Source>;
}

/** One received message: who, when, the authentication results, the spam score, the reply, the content. */
export function ReceivedMessage({ id, headingLevel = 1 }: { id: string; headingLevel?: 1 | 2 }) {
  const message = useLoad(() => get<ReceivedDetail>(`/notify/v1/inbound/messages/${id}`), [id]);
  const [view, setView] = useState<(typeof VIEWS)[number]>('Reply');
  const { error, act } = useAction();
  const m = message.data;
  const d = m?.document;
  if (!m || !d) return message.error ? <ErrorBox error={message.error} /> : <Loading />;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  const checks = [
    { name: 'SPF', result: d.auth.spf.result, detail: d.auth.spf.domain ?? '' },
    ...(d.auth.dkim.length === 0
      ? [{ name: 'DKIM', result: 'none', detail: 'no signature' }]
      : d.auth.dkim.map((k) => ({
          name: 'DKIM',
          result: k.result,
          detail: k.domain ? [k.domain, k.selector && `selector ${k.selector}`].filter(Boolean).join(', ') : 'no signature',
        }))),
    {
      name: 'DMARC',
      result: d.auth.dmarc.result,
      detail: [d.auth.dmarc.domain, d.auth.dmarc.policy && `policy ${d.auth.dmarc.policy}`].filter(Boolean).join(', '),
    },
    { name: 'ARC', result: d.auth.arc.result, detail: '' },
  ];
  return (
    <article className="mail" aria-labelledby={`received-${id}`}>
      <Heading id={`received-${id}`}>{d.subject || '(no subject)'}</Heading>
      <dl className="facts">
        <dt>From</dt>
        <dd>{mailboxes(d.from)}</dd>
        <dt>To</dt>
        <dd>{mailboxes(d.to)}</dd>
        {d.cc.length > 0 && (
          <>
            <dt>Cc</dt>
            <dd>{mailboxes(d.cc)}</dd>
          </>
        )}
        <dt>Envelope</dt>
        <dd>
          from {d.envelope.mailFrom || '<>'} to {m.recipients.join(', ')}
          {d.envelope.clientIp ? ` (client ${d.envelope.clientIp}${d.envelope.helo ? `, HELO ${d.envelope.helo}` : ''})` : ''}
        </dd>
        <dt>Date</dt>
        <dd>{d.date ? when(d.date) : 'no readable Date header'}</dd>
        <dt>Received</dt>
        <dd>{when(m.createTime)}</dd>
        <dt>Route</dt>
        <dd>
          <Link to={`/inbound/routes/${m.routeId}`}>the route that took it</Link> ({m.action})
        </dd>
        {m.replyToMessageId && (
          <>
            <dt>In reply to</dt>
            <dd>
              <Link to={`/messages/${m.replyToMessageId}`}>a message you sent</Link>
              {m.replyToCampaignId && (
                <>
                  {' '}
                  (<Link to={`/campaigns/${m.replyToCampaignId}`}>its campaign</Link>)
                </>
              )}
            </dd>
          </>
        )}
        <dt>Spam score</dt>
        <dd data-testid="spam-score">
          {d.spam ? `${d.spam.score} (threshold ${d.spam.threshold}${d.spam.isSpam ? ', spam' : ''})` : 'not scored'}
          {d.spam && d.spam.symbols.length > 0 && <span className="muted wrap-anywhere"> {d.spam.symbols.join(' ')}</span>}
        </dd>
        <dt>Size</dt>
        <dd>{m.size} bytes</dd>
      </dl>
      {!d.parsed.complete && (
        <div className="notice" role="note">
          <p>The message was malformed; what could be read is shown, and the raw message is kept whole.</p>
          <ul>
            {d.parsed.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <Sub>Authentication</Sub>
      <Table
        label="Authentication results"
        columns={['Check', 'Result', 'Domain']}
        items={checks}
        rowKey={(c) => `${c.name}-${c.detail}-${c.result}`}
        cells={(c) => [
          c.name,
          <span key="r" className={checkClass(c.result)}>
            {c.result}
          </span>,
          c.detail,
        ]}
      />
      <div className="actions">
        <button type="button" className="small" onClick={() => void act(() => apiDownload(`/notify/v1/inbound/messages/${id}/raw`, `received-${id}.eml`))}>
          Download the raw message
        </button>
      </div>
      <ErrorBox error={error} />
      {d.attachments.length > 0 && (
        <>
          <Sub>Attachments</Sub>
          <Attachments files={d.attachments} pathOf={(index) => `/notify/v1/inbound/messages/${id}/attachments/${d.attachments[index]?.index ?? index}`} />
        </>
      )}
      <Sub>Content</Sub>
      <Tabs tabs={VIEWS} current={view} onChange={setView} label="Received message" />
      <div role="tabpanel" className="panel">
        {view === 'Reply' && <Source kind="text">{d.reply || '(empty)'}</Source>}
        {view === 'HTML' && (d.html ? <HtmlPreview html={d.html} title={`HTML of ${d.subject}`} /> : <p className="muted">No HTML part.</p>)}
        {view === 'Text' && <Source kind="text">{d.text ?? 'No text part.'}</Source>}
        {view === 'Headers' && <HeaderTable headers={d.headers} />}
        {view === 'Raw' && <RawSource id={id} />}
      </div>
    </article>
  );
}

export function InboundMessagePage({ id }: { id: string }) {
  return (
    <section>
      <p>
        <Link to="/inbound">← Inbound mail</Link>
      </p>
      <ReceivedMessage id={id} />
    </section>
  );
}

/** The capture inbox's "Received" view: mail your receiving domains took, listed beside a reader. */
export function ReceivedInbox() {
  const list = useLoad(() => get<ListObject<Received>>('/notify/v1/inbound/messages?pageSize=100'), [], 2000);
  const [selected, setSelected] = useState<string>();
  if (!list.data) return list.error ? <ErrorBox error={list.error} /> : <Loading />;
  if (list.data.items.length === 0) {
    return (
      <Empty title="Nothing received yet">
        Mail to your receiving domains appears here as it arrives. <Link to="/inbound">Add a receiving domain and its routes.</Link>
      </Empty>
    );
  }
  return (
    <div className="inbox">
      <ul className="mail-list" aria-label="Received mail">
        {list.data.items.map((m) => (
          <li key={m.id}>
            <button type="button" className={m.id === selected ? 'selected' : undefined} aria-current={m.id === selected} onClick={() => setSelected(m.id)}>
              <span className="mail-subject">{m.subject || '(no subject)'}</span>
              <span className="mail-meta">
                {m.mailFrom || '<>'} → {m.recipients.join(', ')} · {when(m.createTime)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="mail-view">
        {selected ? (
          <>
            <ReceivedMessage key={selected} id={selected} headingLevel={2} />
            <p>
              <Link to={`/inbound/messages/${selected}`}>Open the message's own page</Link>
            </p>
          </>
        ) : (
          <p className="muted">Choose a message to read it.</p>
        )}
      </div>
    </div>
  );
}
