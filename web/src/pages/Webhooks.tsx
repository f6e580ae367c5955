import { type FormEvent, useEffect, useState } from 'react';
import { type Answer, api, get, type ItemOf, type ListObject } from '../api';
import { CheckGroup, Empty, ErrorBox, Field, Loading, ShownOnce, State, Table, useAction, useLoad, when } from '../ui';

type Webhook = ItemOf<'/notify/v1/webhooks'>;
type Delivery = ItemOf<'/notify/v1/webhooks/{id}/deliveries'>;
type WithSecret = Answer<'/notify/v1/webhooks', 'post'>;
type EventType = Webhook['events'][number];

/**
 * The event types a webhook can take, in the order shown; none ticked means all of them. Keyed
 * by the API's EventTypeEnum as the generated types have it, so that an event type added to
 * the API fails the web type-check until it is listed here.
 */
const EVENT_TYPES = Object.keys({
  accepted: true,
  sent: true,
  delivered: true,
  deferred: true,
  bounced: true,
  complained: true,
  suppressed: true,
  opened: true,
  unique_opened: true,
  clicked: true,
  unsubscribed: true,
  cancelled: true,
} satisfies Record<EventType, true>) as EventType[];

export function Webhooks() {
  const list = useLoad(() => get<ListObject<Webhook>>('/notify/v1/webhooks?pageSize=100'), []);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventType[]>([]);
  // The secret is in the answers to creation and rotation only: shown here once, then gone.
  const [secret, setSecret] = useState<{ url: string; secret: string }>();
  const [open, setOpen] = useState<Webhook>();
  const { error, act } = useAction();
  const create = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const made = await api<WithSecret>('POST', '/notify/v1/webhooks', { url, events });
      setSecret({ url: made.url, secret: made.secret });
      setUrl('');
      setEvents([]);
      list.reload();
    });
  };
  const rotate = (hook: Webhook) =>
    act(async () => {
      if (!window.confirm(`Replace the signing secret of ${hook.url}? The receiver must use the new one from now on.`)) return;
      const rotated = await api<WithSecret>('POST', `/notify/v1/webhooks/${hook.id}/rotate-secret`);
      setSecret({ url: rotated.url, secret: rotated.secret });
      list.reload();
    });
  const remove = (hook: Webhook) =>
    act(async () => {
      if (!window.confirm(`Delete the webhook ${hook.url}? No more events are sent to it.`)) return;
      await api('DELETE', `/notify/v1/webhooks/${hook.id}`);
      if (open?.id === hook.id) setOpen(undefined);
      list.reload();
    });
  return (
    <section>
      <h1>Webhooks</h1>
      <p className="muted">Addresses that receive your account's events as signed JSON POSTs, retried until they answer 2xx.</p>
      <form className="inline-form" onSubmit={create} aria-label="Add a webhook">
        <Field label="URL" name="url" type="url" value={url} onChange={setUrl} error={error} placeholder="https://example.com/hooks/postwire" required />
        <CheckGroup legend="Events (none ticked: every event)" name="events" options={EVENT_TYPES} checked={events} onChange={setEvents} error={error} />
        <button type="submit">Add webhook</button>
      </form>
      <ErrorBox error={error ?? list.error} />
      {secret && (
        <ShownOnce
          value={secret.secret}
          testId="webhook-secret"
          copyLabel="Copy the signing secret"
          doneLabel="I have stored it"
          onDone={() => setSecret(undefined)}
        >
          The signing secret of <strong>{secret.url}</strong> is shown this once; store it now:
        </ShownOnce>
      )}
      {!list.data ? (
        !list.error && <Loading />
      ) : list.data.items.length === 0 ? (
        <Empty title="No webhooks">Add the address of a program above to have it told about deliveries, bounces, complaints, opens and clicks.</Empty>
      ) : (
        <Table
          label="Webhooks"
          columns={['URL', 'Events', 'Secret', 'Created', 'Actions']}
          items={list.data.items}
          rowKey={(hook) => hook.id}
          cells={(hook) => [
            hook.url,
            hook.events.length === 0 ? 'all' : hook.events.join(', '),
            <code key="secret">{hook.secretPreview}</code>,
            when(hook.createTime),
            <span key="actions" className="actions">
              <button type="button" className="small" onClick={() => setOpen(hook)} aria-label={`Delivery log of ${hook.url}`}>
                Delivery log
              </button>{' '}
              <button type="button" className="small" onClick={() => rotate(hook)} aria-label={`Rotate secret of ${hook.url}`}>
                Rotate secret
              </button>{' '}
              <button type="button" className="small danger" onClick={() => remove(hook)} aria-label={`Delete ${hook.url}`}>
                Delete
              </button>
            </span>,
          ]}
        />
      )}
      {open && <Deliveries key={open.id} hook={open} />}
    </section>
  );
}

/**
 * A webhook's calls, newest first, polled so a pending one turns delivered or failed; each can be
 * sent again. Every 3 s, and every second while a call not yet tried is listed (a new event or a
 * replay just queued): its answer usually comes within a second, and the reader is waiting for it.
 */
function Deliveries({ hook }: { hook: Webhook }) {
  const [awaitingFirstTry, setAwaitingFirstTry] = useState(false);
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<Delivery>();
  const list = useLoad(
    () => get<ListObject<Delivery>>(`/notify/v1/webhooks/${hook.id}/deliveries?pageSize=${DELIVERIES_PAGE}&page=${page}`),
    [hook.id, page],
    awaitingFirstTry ? 1000 : 3000,
  );
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / DELIVERIES_PAGE));
  useEffect(() => setAwaitingFirstTry(list.data?.items.some((d) => d.status === 'pending' && d.attempts === 0) ?? false), [list.data]);
  const [queued, setQueued] = useState<string>();
  const [error, setError] = useState<unknown>();
  const replay = async (delivery: Delivery) => {
    setError(undefined);
    try {
      const result = await api<Answer<'/notify/v1/webhooks/{id}/replay', 'post'>>('POST', `/notify/v1/webhooks/${hook.id}/replay`, {
        eventIds: [delivery.eventId],
      });
      setQueued(`Queued ${result.queued} ${result.queued === 1 ? 'delivery' : 'deliveries'} of the ${delivery.eventType} event.`);
      list.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Delivery log of {hook.url}</h2>
      {queued && (
        <p className="notice" role="status">
          {queued}
        </p>
      )}
      <ErrorBox error={error ?? list.error} />
      {!list.data ? (
        !list.error && <Loading />
      ) : list.data.items.length === 0 ? (
        <Empty title="No deliveries yet">Each event after the webhook was added is listed here with the receiver's answer.</Empty>
      ) : (
        <Table
          label="Deliveries"
          columns={['Event', 'Status', 'Attempts', 'Last answer', 'Queued', 'Actions']}
          items={list.data.items}
          rowKey={(d) => d.id}
          cells={(d) => [
            d.eventType,
            <State key="state" state={d.status} />,
            d.attempts,
            d.lastError ?? (d.lastStatus === null ? '—' : `HTTP ${d.lastStatus}`),
            when(d.createTime),
            <span key="actions" className="actions">
              <button
                type="button"
                className="small"
                aria-pressed={shown?.id === d.id}
                onClick={() => setShown(shown?.id === d.id ? undefined : d)}
                aria-label={`Show the ${d.eventType} call ${d.id}`}
              >
                Show
              </button>
              <button type="button" className="small" onClick={() => replay(d)} aria-label={`Replay the ${d.eventType} event ${d.eventId}`}>
                Replay
              </button>
            </span>,
          ]}
        />
      )}
      {pages > 1 && (
        <div className="pager">
          <button type="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span className="muted" data-testid="deliveries-page">
            Page {page} of {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      )}
      {shown && <DeliveryCall key={`${shown.id}-${shown.attempts}`} hook={hook} delivery={shown} />}
    </section>
  );
}

const DELIVERIES_PAGE = 20;

/** One call: the JSON it sent, and what the receiver answered the last time. */
function DeliveryCall({ hook, delivery }: { hook: Webhook; delivery: Delivery }) {
  const call = useLoad(
    () => get<Answer<'/notify/v1/webhooks/{id}/deliveries/{deliveryId}', 'get'>>(`/notify/v1/webhooks/${hook.id}/deliveries/${delivery.id}`),
    [hook.id, delivery.id],
  );
  const c = call.data;
  return (
    <section className="panel" aria-labelledby="delivery-call-title">
      <h3 id="delivery-call-title">
        The {delivery.eventType} call <code>{delivery.id}</code>
      </h3>
      <ErrorBox error={call.error} />
      {c && (
        <>
          <h4>Sent (POST {hook.url})</h4>
          <pre className="raw" data-testid="delivery-payload">
            {JSON.stringify(c.payload, null, 2)}
          </pre>
          <h4>Answer</h4>
          <p>
            {c.lastStatus === null ? (c.attempts === 0 ? 'Not called yet.' : `No answer: ${c.lastError ?? 'unknown'}`) : `HTTP ${c.lastStatus}`}
            {c.lastStatus !== null && c.lastError ? ` (${c.lastError})` : ''}
          </p>
          {c.lastResponse ? (
            <pre className="raw" data-testid="delivery-response">
              {c.lastResponse}
            </pre>
          ) : (
            c.lastStatus !== null && <p className="muted">The answer had no body (or came before answers were kept).</p>
          )}
        </>
      )}
    </section>
  );
}
