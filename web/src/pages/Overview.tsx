import { useMemo } from 'react';
import { type Answer, get } from '../api';
import { Card, ErrorBox, Loading, useLoad } from '../ui';
import { TimeChart } from './Chart';

/**
 * The totals as cards. Delivered counts a relay's 2xx and a copy kept by the development
 * inbox (the stats' `sent`) alike, as a campaign's report does: in capture mode nothing is
 * relayed, and "Delivered 0" beside a campaign's delivered count said two things at once.
 */
const CARDS = [
  ['accepted', 'Accepted', (t: Totals) => t.accepted],
  ['delivered', 'Delivered', (t: Totals) => t.delivered + t.sent],
  ['bounced', 'Bounced', (t: Totals) => t.bounced],
  ['complained', 'Complaints', (t: Totals) => t.complained],
  ['opened', 'Opened', (t: Totals) => t.opened],
  ['clicked', 'Clicked', (t: Totals) => t.clicked],
] as const;

/** The chart's series, drawn in this order (each bar over the one before), with the legend's words and the colours of the theme. */
const SERIES = [
  ['Accepted', '#c9d6ea', (d: Day) => d.accepted],
  ['Delivered (or kept by the capture inbox)', '#2f6fce', (d: Day) => Math.min(d.sent + d.delivered, d.accepted)],
  ['Bounced or complained', '#b3261e', (d: Day) => d.bounced + d.complained],
] as const;

type Stats = Answer<'/notify/v1/stats', 'get'>;

type Totals = Stats['totals'];

type Day = Stats['days'][number];

type Account = Answer<'/account', 'get'>;

type Usage = Answer<'/account/usage', 'get'>;

/** Bytes as the storage card shows them: 1,000-based units, one decimal. */
function size(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

type Queue = Answer<'/notify/v1/stats/queue', 'get'>;

/** "3 min", "2 h 5 min": how long the oldest waiting recipient has waited. */
function waited(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ${minutes % 60} min` : `${Math.floor(hours / 24)} days`;
}

/** The delivery queue now: what waits for a worker, for a retry, what is being sent, what is scheduled. */
function QueueDepth({ queue }: { queue: Queue }) {
  return (
    <section aria-labelledby="queue-heading">
      <h2 id="queue-heading">Delivery queue now</h2>
      <div className="cards">
        <Card label="Queued" testId="queue-queued" value={queue.queued} />
        <Card label="Deferred (retrying)" testId="queue-deferred" value={queue.deferred} />
        <Card label="Sending" testId="queue-sending" value={queue.sending} />
        <Card label="Scheduled" testId="queue-scheduled" value={queue.scheduled} />
        <Card label="Oldest waiting" testId="queue-oldest" value={queue.oldestAgeSeconds === null ? 'none' : waited(queue.oldestAgeSeconds)} />
      </div>
    </section>
  );
}

/** Accepted, delivered and failed per day, as bars with their axes and legend; the numbers are also in a table, for screen readers. */
function Chart({ days }: { days: Stats['days'] }) {
  const times = useMemo(() => days.map((d) => Date.parse(d.date)), [days]);
  const series = useMemo(() => SERIES.map(([label, color, value]) => ({ label, color, values: days.map(value) })), [days]);
  return (
    <>
      <TimeChart
        label="Messages accepted, delivered, and bounced or complained per day; the numbers are in the table below"
        times={times}
        series={series}
        bars
        utc
      />
      <p className="muted">Recipients per day (UTC).</p>
      <details>
        <summary>The numbers per day</summary>
        <table className="list">
          <caption className="muted">Recipients per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Accepted</th>
              <th scope="col">Delivered</th>
              <th scope="col">Bounced</th>
              <th scope="col">Complaints</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{d.accepted}</td>
                <td>{d.sent + d.delivered}</td>
                <td>{d.bounced}</td>
                <td>{d.complained}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

export function Overview() {
  const stats = useLoad(() => get<Stats>('/notify/v1/stats'), [], 10_000);
  const account = useLoad(() => get<Account>('/account'), []);
  const usage = useLoad(() => get<Usage>('/account/usage'), []);
  // The queue moves by the second while mail goes out; the per-day figures do not need it.
  const queue = useLoad(() => get<Queue>('/notify/v1/stats/queue'), [], 3_000);
  return (
    <section>
      <h1>Overview</h1>
      <ErrorBox error={stats.error ?? account.error ?? queue.error} />
      {account.data && (
        <div className="cards">
          <Card label="Credits left" testId="credits" value={account.data.billingMode === 'off' ? 'Unlimited (billing off)' : account.data.creditBalance} />
          <Card label="Recipients this month" value={account.data.usage.recipientsAccepted} />
          {usage.data && (
            <Card
              label="Storage"
              testId="storage"
              value={
                <>
                  {size(usage.data.storage.accountBytes)}
                  <span className="muted">
                    {' '}
                    of {size(usage.data.storage.totalBytes)} in all; bodies kept {account.data.bodyRetentionDays} days
                  </span>
                </>
              }
            />
          )}
        </div>
      )}
      {queue.data && <QueueDepth queue={queue.data} />}
      {!stats.data ? (
        !stats.error && <Loading />
      ) : (
        <>
          <h2>
            Last 30 days ({stats.data.from} to {stats.data.to})
          </h2>
          <div className="cards">
            {CARDS.map(([key, label, value]) => (
              <Card key={key} label={label} testId={`total-${key}`} value={value(stats.data!.totals)} />
            ))}
          </div>
          {stats.data.totals.accepted === 0 ? (
            <p className="empty">
              Nothing sent yet. Send a message with <code>POST /notify/v1/send</code> (see <a href="/docs">the API documentation</a>) and it appears here and in
              the capture inbox.
            </p>
          ) : (
            <Chart days={stats.data.days} />
          )}
        </>
      )}
    </section>
  );
}
