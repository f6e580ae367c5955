import { type FormEvent, useEffect, useState } from 'react';
import { type Answer, api, get, saveBlob } from '../api';
import { type Contact, contactStatus } from '../marketing';
import { navigate } from '../router';
import { ConfirmDialog, Empty, ErrorBox, Field, FieldError, Link, Loading, State, Table, useAction, useLoad, when } from '../ui';
import { splitTags, useAudience } from './Contacts';

type Activity = Answer<'/inbox/v1/contacts/{id}/activity', 'get'>;
type Consents = Answer<'/inbox/v1/contacts/{id}/consents', 'get'>;
type Erasure = Answer<'/account/privacy/erase', 'post'>;

/** Why a suppression list entry gives a contact its status, in words. */
const REASONS: Record<string, string> = {
  hard_bounce: "a receiving server refused the address for good (it is on the account's suppression list)",
  complaint: "the person reported a message as spam (the address is on the account's suppression list)",
  unsubscribe: 'the person used the unsubscribe link of a message',
  manual: "the address was put on the account's suppression list by hand",
};

function statusReason(contact: Contact, activity: Activity | undefined): string {
  if (activity?.statusReason) return `${REASONS[activity.statusReason] ?? activity.statusReason}, ${when(activity.suppressedTime)}`;
  if (contact.status === 1) return 'campaigns go to this contact';
  return `set through the dashboard or the API, ${when(contact.updateTime)}`;
}

/** Tags and custom field values, saved together (POST /inbox/v1/contacts/{id}). */
function EditContact({ contact, onSaved }: { contact: Contact; onSaved: () => void }) {
  const { fields } = useAudience();
  const [tags, setTags] = useState(contact.tags.join(', '));
  const [values, setValues] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const { error, act } = useAction();
  useEffect(() => {
    setValues(Object.fromEntries(contact.customFields.map((v) => [v.customFieldId, v.value])));
    setTags(contact.tags.join(', '));
  }, [contact]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    void act(async () => {
      await api('POST', `/inbox/v1/contacts/${contact.id}`, {
        tags: splitTags(tags),
        customFields: fields.map((f) => ({ customFieldId: f.id, value: values[f.id] ?? '' })),
      });
      setSaved(true);
      onSaved();
    });
  };
  return (
    <form className="campaign-form" onSubmit={submit} aria-label="Edit the contact">
      <Field label="Tags (comma-separated)" name="tags" value={tags} onChange={setTags} error={error} />
      {fields.length === 0 && <p className="muted">The account has no custom fields yet (Custom fields in the menu).</p>}
      {fields.map((f, i) => (
        <div className="field" key={f.id}>
          <label htmlFor={`value-${f.id}`}>{f.name}</label>
          <input id={`value-${f.id}`} value={values[f.id] ?? ''} onChange={(e) => setValues({ ...values, [f.id]: e.target.value })} />
          <FieldError error={error} name={`customFields[${i}].value`} also={[`customFields[${i}].customFieldId`]} />
        </div>
      ))}
      <button type="submit">Save contact</button>
      {saved && <p role="status">Saved.</p>}
      <ErrorBox error={error} />
    </form>
  );
}

function ContactLists({ contact, onChange }: { contact: Contact; onChange: () => void }) {
  const { lists } = useAudience();
  const [listId, setListId] = useState('');
  const { error, act } = useAction();
  const name = (id: string) => lists.find((l) => l.id === id)?.listName ?? id;
  const others = lists.filter((l) => !contact.listIds.includes(l.id));
  const target = listId && others.some((l) => l.id === listId) ? listId : others[0]?.id;
  return (
    <>
      {contact.listIds.length === 0 ? (
        <p className="muted">On no list: campaigns to lists do not reach this contact.</p>
      ) : (
        <ul className="plain" aria-label="Lists of the contact">
          {contact.listIds.map((id) => (
            <li key={id}>
              <Link to={`/lists/${id}`}>{name(id)}</Link>{' '}
              <button
                type="button"
                className="small"
                aria-label={`Remove from ${name(id)}`}
                onClick={() =>
                  void act(async () => {
                    await api('DELETE', `/inbox/v1/contactlists/${id}/delete/${contact.id}`);
                    onChange();
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {target && (
        <form
          className="inline-form"
          aria-label="Add the contact to a list"
          onSubmit={(e) => {
            e.preventDefault();
            void act(async () => {
              await api('POST', `/inbox/v1/contactlists/${target}/add`, { email: contact.email });
              onChange();
            });
          }}
        >
          <div className="field">
            <label htmlFor="contact-add-list">Add to list</label>
            <select id="contact-add-list" value={target} onChange={(e) => setListId(e.target.value)}>
              {others.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.listName}
                </option>
              ))}
            </select>
          </div>
          <button type="submit">Add to list</button>
        </form>
      )}
      <ErrorBox error={error} />
    </>
  );
}

export function ContactPage({ id }: { id: string }) {
  const contact = useLoad(() => get<Contact>(`/inbox/v1/contacts/${id}`), [id]);
  const activity = useLoad(() => get<Activity>(`/inbox/v1/contacts/${id}/activity`), [id]);
  const consents = useLoad(() => get<Consents>(`/inbox/v1/contacts/${id}/consents`), [id]);
  const [asking, setAsking] = useState<'unsubscribe' | 'delete' | 'erase'>();
  const [erased, setErased] = useState<Erasure>();
  const { error, act } = useAction();
  const reload = () => {
    contact.reload();
    activity.reload();
  };
  const c = contact.data;
  if (erased) {
    return (
      <section>
        <h1>Erased</h1>
        <p role="status">
          {`The address is erased from this account: ${erased.counts.contacts} contact, ${erased.counts.recipients} message copies and ${erased.counts.events} events. `}
          It stays suppressed as <code>{erased.emailHash.slice(0, 19)}…</code>; the erasure is recorded.
        </p>
        <p>
          <Link to="/contacts">← Contacts</Link>
        </p>
      </section>
    );
  }
  return (
    <section>
      <p>
        <Link to="/contacts">← Contacts</Link>
      </p>
      <ErrorBox error={contact.error} />
      {!c ? (
        !contact.error && <Loading />
      ) : (
        <>
          <h1>{c.email}</h1>
          <dl className="facts">
            <dt>Status</dt>
            <dd>
              <State state={contactStatus(c.status)} /> <span data-testid="status-reason">{statusReason(c, activity.data)}</span>
            </dd>
            <dt>Contact id</dt>
            <dd>
              <code>{c.id}</code>
            </dd>
            <dt>Added</dt>
            <dd>{when(c.createTime)}</dd>
            <dt>Changed</dt>
            <dd>{when(c.updateTime)}</dd>
          </dl>
          <div className="actions">
            {c.status === 1 && (
              <button type="button" className="danger" onClick={() => setAsking('unsubscribe')}>
                Unsubscribe
              </button>
            )}
            <button type="button" className="danger" onClick={() => setAsking('delete')}>
              Delete contact
            </button>
            <button
              type="button"
              onClick={() =>
                void act(async () => {
                  const data = await api<unknown>('POST', '/account/privacy/export', { email: c.email });
                  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `${c.email}.json`);
                })
              }
            >
              Export data
            </button>
            <button type="button" className="danger" onClick={() => setAsking('erase')}>
              Erase everywhere
            </button>
          </div>
          <ErrorBox error={error} />
          {asking === 'erase' && (
            <ConfirmDialog
              title="Erase this person everywhere?"
              confirmLabel="Erase everywhere"
              danger
              onCancel={() => setAsking(undefined)}
              onConfirm={() =>
                void act(async () => {
                  setAsking(undefined);
                  setErased(await api<Erasure>('POST', '/account/privacy/erase', { email: c.email }));
                })
              }
            >
              <p>
                {`Everything this account stores about ${c.email} is erased: the contact, its consents and sign-ups, the mail sent to it and its events. `}
                The address stays on the suppression list only as a hash, so it is never mailed again. This cannot be undone.
              </p>
            </ConfirmDialog>
          )}
          {(asking === 'delete' || asking === 'unsubscribe') && (
            <ConfirmDialog
              title={asking === 'delete' ? 'Delete this contact?' : 'Unsubscribe this contact?'}
              confirmLabel={asking === 'delete' ? 'Delete contact' : 'Unsubscribe'}
              danger
              onCancel={() => setAsking(undefined)}
              onConfirm={() =>
                void act(async () => {
                  setAsking(undefined);
                  if (asking === 'delete') {
                    await api('DELETE', `/inbox/v1/contacts/${c.id}`);
                    navigate('/contacts');
                  } else {
                    await api('PATCH', `/inbox/v1/contacts/${c.id}/status`, { status: 3 });
                    reload();
                  }
                })
              }
            >
              <p>
                {asking === 'delete'
                  ? `${c.email} leaves every list and its values and tags are gone. This cannot be undone.`
                  : `Campaigns no longer go to ${c.email}.`}
              </p>
            </ConfirmDialog>
          )}
          <h2>Tags and fields</h2>
          <EditContact contact={c} onSaved={contact.reload} />
          <h2>Lists</h2>
          <ContactLists contact={c} onChange={contact.reload} />
          <h2>Consents</h2>
          <ErrorBox error={consents.error} />
          {consents.data &&
            (consents.data.length === 0 ? (
              <p className="muted">No recorded consent (consents are recorded when a person confirms a sign-up form).</p>
            ) : (
              <Table
                label="Consents"
                columns={['Source', 'From address', 'Signed up', 'Confirmed']}
                items={consents.data}
                rowKey={(k) => `${k.source}-${k.consentTime}`}
                cells={(k) => [k.source, k.ip, when(k.consentTime), when(k.confirmTime)]}
              />
            ))}
          <h2>Mail and activity</h2>
          <ErrorBox error={activity.error} />
          {activity.data &&
            (activity.data.mail.length === 0 ? (
              <Empty title="No campaign mail yet">The campaigns this contact is sent show here, with its opens and clicks.</Empty>
            ) : (
              <Table
                label="Campaign mail"
                columns={['Campaign', 'Sent', 'Outcome', 'Opened', 'Clicked', 'Message']}
                items={activity.data.mail}
                rowKey={(m) => m.messageId}
                cells={(m) => [
                  <Link key="campaign" to={`/campaigns/${m.campaignId}`}>
                    {m.subject}
                  </Link>,
                  when(m.sentTime),
                  m.outcome ?? 'on its way',
                  m.firstOpenTime ? when(m.firstOpenTime) : 'not opened',
                  m.firstClickTime ? when(m.firstClickTime) : 'no click',
                  <Link key="message" to={`/messages/${m.messageId}`}>
                    Open message
                  </Link>,
                ]}
              />
            ))}
        </>
      )}
    </section>
  );
}
