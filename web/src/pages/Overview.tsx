import { type Answer, get } from '../api';
import { Card, ErrorBox, Loading, useLoad } from '../ui';

const KINDS = ['accepted', 'sent', 'delivered', 'bounced', 'complained', 'opened', 'clicked'] as const;

type Stats = Answer<'/notify/v1/stats', 'get'>;

type Account = Answer<'/account', 'get'>;

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

/** Accepted, sent and failed per day, as bars; the numbers are in the table below it for screen readers. */
function Chart({ days }: { days: Stats['days'] }) {
  const max = Math.max(1, ...days.map((d) => d.accepted));
  const width = 720;
  const height = 160;
  const step = width / days.length;
  return (
    <svg className="chart" viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label="Messages accepted, sent or delivered, and bounced per day">
      {days.map((day, i) => {
        const ok = day.sent + day.delivered;
        const h = (day.accepted / max) * height;
        const okH = (Math.min(ok, day.accepted) / max) * height;
        const badH = ((day.bounced + day.complained) / max) * height;
        return (
          <g key={day.date}>
            <title>{`${day.date}: ${day.accepted} accepted, ${ok} sent or delivered, ${day.bounced} bounced, ${day.complained} complaints`}</title>
            <rect x={i * step + 2} y={height - h} width={step - 4} height={h} className="bar-accepted" />
            <rect x={i * step + 2} y={height - okH} width={step - 4} height={okH} className="bar-sent" />
            <rect x={i * step + 2} y={height - badH} width={step - 4} height={badH} className="bar-bounced" />
          </g>
        );
      })}
      <text x="0" y={height + 16} className="axis">
        {days[0]?.date}
      </text>
      <text x={width} y={height + 16} textAnchor="end" className="axis">
        {days.at(-1)?.date}
      </text>
    </svg>
  );
}

export function Overview() {
  const stats = useLoad(() => get<Stats>('/notify/v1/stats'), [], 10_000);
  const account = useLoad(() => get<Account>('/account'), []);
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
            {KINDS.map((kind) => (
              <Card key={kind} label={kind} testId={`total-${kind}`} value={stats.data!.totals[kind]} />
            ))}
          </div>
          {stats.data.totals.accepted === 0 ? (
            <p className="empty">
              Nothing sent yet. Send a message with <code>POST /notify/v1/send</code> (see <a href="/docs">the API documentation</a>) and it appears here and in
              the development inbox.
            </p>
          ) : (
            <Chart days={stats.data.days} />
          )}
        </>
      )}
    </section>
  );
}
