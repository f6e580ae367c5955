import { useEffect, useState } from 'react';
import { type Answer, api, get } from '../api';
import { campaignStatus } from '../marketing';
import { Card, ErrorBox, Link, Loading, State, Table, useLoad, when } from '../ui';

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

/** Which buttons a status allows (the API refuses the others with a 409 saying why). */
const ACTIONS = [
  ['schedule', 'Send now', [0]],
  ['pause', 'Pause', [1, 2]],
  ['resume', 'Resume', [4]],
  ['cancel', 'Cancel', [0, 1, 2, 4]],
] as const;

/** While it is scheduled or sending the counters move every moment; after, only opens and clicks do. */
const LIVE = new Set([1, 2]);

/** Loaded again whenever `version` (the campaign's counters) changes, so it never lags the numbers above it. */
function CampaignReport({ id, version }: { id: string; version: string }) {
  const report = useLoad(() => get<Report>(`/inbox/v1/campaigns/${id}/report`), [id, version]);
  const r = report.data;
  if (!r) return report.error ? <ErrorBox error={report.error} /> : <Loading />;
  return (
    <>
      <h2>Report</h2>
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
      {r.engagementByHour.length > 0 && (
        <Table
          label="Opens and clicks by hour"
          columns={['Hour', 'Opens', 'Clicks']}
          items={r.engagementByHour}
          rowKey={(h) => h.hour}
          cells={(h) => [when(h.hour), h.opens, h.clicks]}
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
      await api('POST', `/inbox/v1/campaigns/${id}/${action}`, action === 'schedule' ? {} : undefined);
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
              {c.lists.length} {c.listType === 3 ? 'segment' : 'contact list'}
              {c.lists.length === 1 ? '' : 's'}
            </dd>
          </dl>
          <div className="actions">
            {ACTIONS.filter(([, , allowed]) => (allowed as readonly number[]).includes(c.status)).map(([action, label]) => (
              <button key={action} type="button" className={action === 'cancel' ? 'danger' : undefined} onClick={() => act(action)}>
                {label}
              </button>
            ))}
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
          <CampaignReport id={id} version={[c.status, ...COUNTERS.map(([key]) => c[key]), c.totalOpens, c.totalClicks].join(' ')} />
        </>
      )}
    </section>
  );
}
