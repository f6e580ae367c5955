import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { type Answer, api, get, type ListObject, query, saveBlob } from '../api';
import { csvBlob, csvLine } from '../csv';
import { type ContactList, campaignStatus, type Segment } from '../marketing';
import { navigate } from '../router';
import { Card, ConfirmDialog, ErrorBox, Link, Loading, State, Table, useLoad, when } from '../ui';
import { TimeChart } from './Chart';
import { CampaignArchive } from './CampaignArchive';
import { EditDraft } from './EditDraft';
import { HtmlPreview } from './MessageBody';
import { PostalAddressNotice } from './PostalAddress';

type Campaign = Answer<'/inbox/v1/campaigns/{id}', 'get'>;

type Report = Answer<'/inbox/v1/campaigns/{id}/report', 'get'>;

const COUNTERS = [
  ['totalRecipients', 'Recipients'],
  ['sent', 'Sent'],
  ['delivered', 'Delivered'],
  ['opened', 'Opened'],
  ['clicked', 'Clicked'],
  ['bounceSoft', 'Soft bounces'],
  ['bounceHard', 'Hard bounces'],
  ['spamReported', 'Spam reports'],
  ['unsubscribed', 'Unsubscribed'],
] as const;

/** Which buttons a status allows (the API refuses the others with a 409 saying why); a draft is sent from its own form below. */
const ACTIONS = [
  ['pause', 'Pause', [1, 2]],
  ['resume', 'Resume', [4]],
  ['cancel', 'Cancel', [0, 1, 2, 4]],
] as const;

/** A sent, cancelled or failed campaign can be sent again to those whose copy failed (not hard bounces) or who were never reached. */
const RESENDABLE = new Set([3, 5, 6]);

/** The API's time for "not yet" (startTime of a campaign that never started). */
const UNSET = '0001-01-01T00:00:00.000Z';

/** Each rate as a share of what it can happen to: delivery and bounces of the copies sent, the rest of the copies delivered. */
const RATES = [
  ['Delivered', (c: Campaign) => c.delivered, (c: Campaign) => c.sent, 'copies sent'],
  ['Opened', (c: Campaign) => c.opened, (c: Campaign) => c.delivered, 'copies delivered'],
  ['Clicked', (c: Campaign) => c.clicked, (c: Campaign) => c.delivered, 'copies delivered'],
  ['Bounced', (c: Campaign) => c.bounceHard + c.bounceSoft, (c: Campaign) => c.sent, 'copies sent'],
  ['Unsubscribed', (c: Campaign) => c.unsubscribed, (c: Campaign) => c.delivered, 'copies delivered'],
  ['Complaints', (c: Campaign) => c.spamReported, (c: Campaign) => c.delivered, 'copies delivered'],
] as const;

const share = (part: number, whole: number) => ((100 * part) / whole).toFixed(1).replace(/\.0$/, '');

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${share(part, whole)} %`);

const everything = (path: string) => `${path}?pageSize=500`;

/** The lists or segments a campaign goes to, by name (an id the account no longer has is shown as the id). */
const audienceNames = (segments: boolean) =>
  segments
    ? get<ListObject<Segment>>(everything('/inbox/v1/segments')).then((r) => new Map(r.items.map((s) => [s.id, s.name])))
    : get<ListObject<ContactList>>(everything('/inbox/v1/contactlists')).then((r) => new Map(r.items.map((l) => [l.id, l.listName])));

/** "Lists: Customers, Friends" (or segments). */
const audienceText = (c: Campaign, named: Map<string, string> | undefined) =>
  `${c.listType === 3 ? (c.lists.length === 1 ? 'Segment' : 'Segments') : c.lists.length === 1 ? 'List' : 'Lists'}: ${c.lists
    .map((id) => named?.get(id) ?? id)
    .join(', ')}`;

function AudienceNames({ c }: { c: Campaign }) {
  const segments = c.listType === 3;
  const named = useLoad(() => audienceNames(segments), [segments]);
  return <span data-testid="campaign-audience">{audienceText(c, named.data)}</span>;
}

/** A local date and time from the form as ISO 8601; what the browser cannot read goes as typed, for the API to name. */
const iso = (local: string) => {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

/** Test copies to chosen addresses: personalised as the contact of each address, marked "[Test] ", counted nowhere. */
function TestSend({ id }: { id: string }) {
  const [emails, setEmails] = useState('');
  const [sent, setSent] = useState<string[]>();
  const [error, setError] = useState<unknown>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setSent(undefined);
    const list = emails
      .split(/[\s,;]+/)
      .map((a) => a.trim())
      .filter(Boolean);
    try {
      await api('POST', `/inbox/v1/campaigns/${id}/test`, { emails: list });
      setSent(list);
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Send a test">
      <div className="field">
        <label htmlFor="test-emails">Test addresses (up to 10, separated by commas)</label>
        <input id="test-emails" value={emails} onChange={(e) => setEmails(e.target.value)} required />
      </div>
      <button type="submit">Send test</button>
      {sent && (
        <p role="status" data-testid="test-sent">
          Test copies sent to {sent.join(', ')}. They are marked [Test] and not counted.
        </p>
      )}
      <ErrorBox error={error} />
    </form>
  );
}

type Preview = Answer<'/inbox/v1/campaigns/{id}/preview', 'get'>;

/** The copy a chosen contact gets, at a desktop mail width or a phone's, and the placeholders no field answers to. */
function CampaignPreview({ id, version }: { id: string; version: string }) {
  const [email, setEmail] = useState('');
  const [shown, setShown] = useState('');
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const preview = useLoad(() => get<Preview>(`/inbox/v1/campaigns/${id}/preview${query({ email: shown })}`), [id, shown, version]);
  return (
    <section aria-labelledby="preview-title" className="campaign-preview">
      <h2 id="preview-title">Preview</h2>
      <form
        className="inline-row"
        aria-label="Preview as a contact"
        onSubmit={(e) => {
          e.preventDefault();
          // Show again with the same address loads the copy again (the campaign may have changed meanwhile).
          setShown(email.trim());
          preview.reload();
        }}
      >
        <div className="field">
          <label htmlFor="preview-email">As the contact with the address</label>
          <input id="preview-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="no contact: placeholders empty" />
        </div>
        <button type="submit" className="small">
          Show
        </button>
      </form>
      <fieldset className="mode">
        <legend>Width</legend>
        <label className="check">
          <input type="radio" name="preview-width" checked={width === 'desktop'} onChange={() => setWidth('desktop')} /> Desktop (600 px)
        </label>
        <label className="check">
          <input type="radio" name="preview-width" checked={width === 'phone'} onChange={() => setWidth('phone')} /> Phone (375 px)
        </label>
      </fieldset>
      <ErrorBox error={preview.error} />
      {preview.data && (
        <>
          <p>
            Subject: <strong data-testid="preview-subject">{preview.data.subject}</strong>
          </p>
          {preview.data.unknownPlaceholders.length > 0 && (
            <p className="error" data-testid="unknown-placeholders">
              No field answers to {preview.data.unknownPlaceholders.map((p) => `#${p}#`).join(', ')}: sent empty.
            </p>
          )}
          <div className={`preview-frame ${width}`}>
            <HtmlPreview html={preview.data.htmlContent} title={`The copy at ${width} width`} />
          </div>
        </>
      )}
    </section>
  );
}

/** A draft's last step: now or at a time, behind a dialog that says how many people it goes to. */
function SendDraft({ c, onDone }: { c: Campaign; onDone: () => void }) {
  const [later, setLater] = useState(false);
  const [at, setAt] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const count = useLoad(
    () =>
      confirming ? api<{ recipients: number }>('POST', '/inbox/v1/campaigns/audience', { listType: c.listType, lists: c.lists }) : Promise.resolve(undefined),
    [confirming],
  );
  const send = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', `/inbox/v1/campaigns/${c.id}/schedule`, later ? { plannedTime: iso(at) } : {});
      setConfirming(false);
      onDone();
    } catch (failure) {
      setError(failure);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  const recipients = count.data?.recipients;
  const who = recipients === undefined ? '' : `${recipients} recipient${recipients === 1 ? '' : 's'}`;
  return (
    <form
      className="inline-form"
      aria-label="Send the campaign"
      onSubmit={(e) => {
        e.preventDefault();
        setConfirming(true);
      }}
    >
      <fieldset>
        <legend>When</legend>
        <label className="check">
          <input type="radio" name="when" checked={!later} onChange={() => setLater(false)} /> Send now
        </label>
        <label className="check">
          <input type="radio" name="when" checked={later} onChange={() => setLater(true)} /> Schedule
        </label>
        {later && (
          <div className="field">
            <label htmlFor="send-at">Start at (your time)</label>
            <input id="send-at" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} required />
          </div>
        )}
      </fieldset>
      <button type="submit">{later ? 'Schedule…' : 'Send now…'}</button>
      <ErrorBox error={error} />
      {confirming && (
        <ConfirmDialog
          title={later ? 'Schedule this campaign?' : 'Send this campaign now?'}
          confirmLabel={recipients === undefined ? 'Counting…' : later ? `Schedule for ${who}` : `Send to ${who}`}
          busy={busy || recipients === undefined}
          onConfirm={send}
          onCancel={() => setConfirming(false)}
          cancelLabel="Go back"
        >
          <p data-testid="confirm-recipients">
            “{c.subject}” goes to <strong>{recipients === undefined ? '…' : who}</strong>
            {later ? ` from ${at ? new Date(at).toLocaleString() : 'the time you chose'}` : ' now'}, from {c.senderAccountEmail}. This cannot be undone once
            copies are sent.
          </p>
          <ErrorBox error={count.error} />
        </ConfirmDialog>
      )}
    </form>
  );
}

function Resend({ id, onDone }: { id: string; onDone: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>();
  const resend = async () => {
    setError(undefined);
    try {
      await api('POST', `/inbox/v1/campaigns/${id}/resend`);
      onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setConfirming(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => setConfirming(true)}>
        Resend to failed
      </button>
      <ErrorBox error={error} />
      {confirming && (
        <ConfirmDialog
          title="Resend to failed recipients?"
          confirmLabel="Resend"
          onConfirm={resend}
          onCancel={() => setConfirming(false)}
          cancelLabel="Go back"
        >
          <p>Recipients whose copy failed (hard bounces excepted) or was cancelled, and any never reached, get a new copy. No one gets it twice.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** While it is scheduled or sending the counters move every moment; after, only opens and clicks do. */
const LIVE = new Set([1, 2]);

const HOUR = 3_600_000;

/** Beyond this many hours the chart shows the hours that had opens or clicks only, not every empty hour between them. */
const MOST_HOURS = 24 * 62;

/**
 * The API names the hours that had an open or a click; the chart draws every hour from the one
 * before the first to the one after the last, so a line falls to zero where nothing happened.
 */
function everyHour(rows: Report['engagementByHour']) {
  const byHour = new Map(rows.map((h) => [Date.parse(h.hour), h]));
  const hours = [...byHour.keys()].sort((a, b) => a - b);
  const first = (hours[0] ?? 0) - HOUR;
  const last = (hours.at(-1) ?? 0) + HOUR;
  const times = (last - first) / HOUR > MOST_HOURS ? hours : Array.from({ length: (last - first) / HOUR + 1 }, (_, i) => first + i * HOUR);
  return {
    times,
    series: [
      { label: 'Opens', color: '#2f6fce', values: times.map((t) => byHour.get(t)?.opens ?? 0) },
      { label: 'Clicks', color: '#0f6b2f', values: times.map((t) => byHour.get(t)?.clicks ?? 0) },
    ],
  };
}

/** The report as one CSV table a spreadsheet can pivot: section, item, measure, value. */
async function exportReport(c: Campaign, r: Report): Promise<void> {
  const named = await audienceNames(c.listType === 3).catch(() => undefined);
  const lines = [
    csvLine(['section', 'item', 'measure', 'value']),
    csvLine(['campaign', c.id, 'subject', c.subject]),
    csvLine(['campaign', c.id, 'audience', audienceText(c, named)]),
    csvLine(['campaign', c.id, 'status', campaignStatus(c.status)]),
    ...COUNTERS.map(([key, label]) => csvLine(['count', '', label.toLowerCase(), c[key]])),
    ...RATES.map(([label, part, whole, of]) => csvLine(['rate', '', `${label.toLowerCase()} (% of ${of})`, whole(c) === 0 ? '' : share(part(c), whole(c))])),
    ...r.byDomain.flatMap((d) =>
      (['recipients', 'delivered', 'bounced', 'opened', 'clicked'] as const).map((measure) => csvLine(['domain', d.domain, measure, d[measure]])),
    ),
    ...r.bounces.map((b) => csvLine([`bounce ${b.kind}`, b.reply, 'recipients', b.recipients])),
    ...r.links.flatMap((l) => [
      csvLine(['link', l.url, 'clicks', l.clicks]),
      csvLine(['link', l.url, 'people', l.uniqueClickers]),
      csvLine(['link', l.url, 'scanner clicks', l.flaggedClicks]),
    ]),
    ...r.engagementByHour.flatMap((h) => [csvLine(['hour', h.hour, 'opens', h.opens]), csvLine(['hour', h.hour, 'clicks', h.clicks])]),
  ];
  saveBlob(csvBlob(lines), `campaign-${c.id}-report.csv`);
}

/** Loaded again whenever `version` (the campaign's counters) changes, so it never lags the numbers above it. */
function CampaignReport({ c, version }: { c: Campaign; version: string }) {
  const id = c.id;
  const report = useLoad(() => get<Report>(`/inbox/v1/campaigns/${id}/report`), [id, version]);
  const [exportError, setExportError] = useState<unknown>();
  const r = report.data;
  // Drawn again only when the report is loaded again, not on each look at the counters.
  const chart = useMemo(() => (r && r.engagementByHour.length > 0 ? everyHour(r.engagementByHour) : undefined), [r]);
  if (!r) return report.error ? <ErrorBox error={report.error} /> : <Loading />;
  return (
    <>
      <h2>Report</h2>
      <p>
        <button
          type="button"
          onClick={() => {
            setExportError(undefined);
            exportReport(c, r).catch(setExportError);
          }}
        >
          Download the report (CSV)
        </button>
      </p>
      <ErrorBox error={exportError} />
      <h3>Opens and clicks over time</h3>
      {chart ? (
        <TimeChart label="Opens and clicks per hour; the numbers are in the table “Opens and clicks by hour”" times={chart.times} series={chart.series} />
      ) : (
        <p className="muted">No opens or clicks yet.</p>
      )}
      {r.engagementByHour.length > 0 && (
        // The chart's numbers, for a screen reader and for those who want the figures.
        <Table
          label="Opens and clicks by hour"
          columns={['Hour', 'Opens', 'Clicks']}
          items={r.engagementByHour}
          rowKey={(h) => h.hour}
          cells={(h) => [when(h.hour), h.opens, h.clicks]}
        />
      )}
      <h3>Results by domain, bounces and links</h3>
      {r.byDomain.length === 0 ? (
        <p className="muted">Nothing sent yet: the report fills in as copies go out.</p>
      ) : (
        <Table
          label="Outcomes by domain"
          columns={['Domain', 'Recipients', 'Delivered', 'Bounced', 'Opened', 'Clicked']}
          items={r.byDomain}
          rowKey={(d) => d.domain}
          cells={(d) => [d.domain, d.recipients, d.delivered, d.bounced, d.opened, d.clicked]}
        />
      )}
      {r.bounces.length > 0 && (
        <Table
          label="Bounces by reply"
          columns={['Bounce', 'Reply', 'Recipients']}
          items={r.bounces}
          rowKey={(b) => `${b.kind} ${b.reply}`}
          cells={(b) => [b.kind, b.reply, b.recipients]}
        />
      )}
      {r.links.length > 0 && (
        // People count a recipient once however often they clicked; scanner clicks (security
        // gateways opening every link) are part of the clicks but are no person's.
        <Table
          label="Clicks per link"
          columns={['Link', 'Clicks', 'People', 'Scanner clicks']}
          items={r.links}
          rowKey={(l) => l.url}
          cells={(l) => [l.url, l.clicks, l.uniqueClickers, l.flaggedClicks]}
        />
      )}
    </>
  );
}

export function CampaignPage({ id }: { id: string }) {
  const [refreshMs, setRefreshMs] = useState(1500);
  const campaign = useLoad(() => get<Campaign>(`/inbox/v1/campaigns/${id}`), [id], refreshMs);
  const [error, setError] = useState<unknown>();
  const c = campaign.data;
  const wanted = c && !LIVE.has(c.status) ? 10_000 : 1500;
  useEffect(() => setRefreshMs(wanted), [wanted]);
  const act = async (action: string) => {
    setError(undefined);
    try {
      await api('POST', `/inbox/v1/campaigns/${id}/${action}`);
      campaign.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section>
      <p>
        <Link to="/campaigns">← Campaigns</Link>
      </p>
      <ErrorBox error={campaign.error} />
      {!c ? (
        !campaign.error && <Loading />
      ) : (
        <>
          <h1>{c.subject}</h1>
          <p>
            Status:{' '}
            <span data-testid="campaign-status">
              <State state={campaignStatus(c.status)} />
            </span>
          </p>
          {c.status === 6 && (
            <p className="error" data-testid="campaign-failure">
              Sending failed: {c.failureReason}. Copies written before the failure are still delivered; fix the cause, then resend the campaign.
            </p>
          )}
          <dl className="facts">
            <dt>From</dt>
            <dd>
              {c.senderAccountDisplayName} &lt;{c.senderAccountEmail}&gt;
            </dd>
            <dt>Planned</dt>
            <dd>{when(c.plannedTime)}</dd>
            <dt>Started</dt>
            <dd>{when(c.startTime)}</dd>
            <dt>Ended</dt>
            <dd>{when(c.endTime)}</dd>
            <dt>To</dt>
            <dd>
              <AudienceNames c={c} />
            </dd>
          </dl>
          <CampaignArchive c={c} onChanged={campaign.reload} />
          {c.status === 0 && (
            <section className="send-steps" aria-labelledby="send-title">
              <h2 id="send-title">Test, then send</h2>
              <p className="muted">This campaign is a draft: nothing has been sent. Send yourself a test, then send it or schedule it.</p>
              <PostalAddressNotice />
              <EditDraft id={c.id} archive={c.archive} onSaved={campaign.reload} />
              <CampaignPreview id={c.id} version={c.updateTime} />
              <TestSend id={c.id} />
              <SendDraft c={c} onDone={campaign.reload} />
            </section>
          )}
          <div className="actions">
            {ACTIONS.filter(([, , allowed]) => (allowed as readonly number[]).includes(c.status)).map(([action, label]) => (
              <button key={action} type="button" className={action === 'cancel' ? 'danger' : undefined} onClick={() => act(action)}>
                {label}
              </button>
            ))}
            {/* One that never started would only go out at its planned time again: schedule a new one instead. */}
            {RESENDABLE.has(c.status) && c.startTime !== UNSET && <Resend id={c.id} onDone={campaign.reload} />}
            {c.status === 0 && (
              <button
                type="button"
                className="danger"
                onClick={async () => {
                  if (!window.confirm(`Delete the draft “${c.subject}”?`)) return;
                  setError(undefined);
                  try {
                    await api('DELETE', `/inbox/v1/campaigns/${id}`);
                    navigate('/campaigns');
                  } catch (failure) {
                    setError(failure);
                  }
                }}
              >
                Delete draft
              </button>
            )}
          </div>
          <ErrorBox error={error} />
          <p>
            <progress aria-label="Copies sent" max={Math.max(c.totalRecipients, 1)} value={c.sent} /> {c.sent} of {c.totalRecipients} copies sent
          </p>
          <section className="cards" aria-label="Counters">
            {COUNTERS.map(([key, label]) => (
              <Card key={key} label={label} value={c[key]} testId={`campaign-${key}`} />
            ))}
          </section>
          <Table
            label="Rates"
            columns={['Outcome', 'Recipients', 'Rate', 'Of']}
            items={[...RATES]}
            rowKey={([label]) => label}
            cells={([label, part, whole, of]) => [
              label,
              part(c),
              <span key="rate" data-testid={`rate-${label.toLowerCase()}`}>
                {percent(part(c), whole(c))}
              </span>,
              of,
            ]}
          />
          <CampaignReport c={c} version={[c.status, ...COUNTERS.map(([key]) => c[key]), c.totalOpens, c.totalClicks].join(' ')} />
        </>
      )}
    </section>
  );
}
