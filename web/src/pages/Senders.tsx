import { type FormEvent, useState } from 'react';
import { api, get, type ItemOf, type ListObject } from '../api';
import { CopyButton, Empty, ErrorBox, Field, Loading, useLoad, when } from '../ui';

type Sender = ItemOf<'/notify/v1/senders'>;

type Domain = ItemOf<'/notify/v1/domains'>;

function SenderForm({ onCreated }: { onCreated: () => void }) {
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [error, setError] = useState<unknown>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await api('POST', '/notify/v1/senders', { email, displayName });
      setEmail('');
      setDisplayName('');
      onCreated();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Add a sender">
      <Field label="Sender address" name="email" type="email" value={email} onChange={setEmail} error={error} required />
      <Field label="Display name" name="displayName" value={displayName} onChange={setDisplayName} error={error} required />
      <button type="submit">Add sender</button>
      <ErrorBox error={error} />
    </form>
  );
}

function SenderRow({ sender }: { sender: Sender }) {
  const [note, setNote] = useState<string>();
  const [error, setError] = useState<unknown>();
  const resend = async () => {
    try {
      await api('POST', `/notify/v1/senders/${sender.id}/confirmation`);
      setNote('Confirmation sent: open the link in the message (in the capture inbox with the capture transport).');
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <tr>
      <td>{sender.displayName}</td>
      <td>{sender.email}</td>
      <td>{sender.verified ? `verified (${sender.verifiedBy ?? 'address'})` : 'not verified'}</td>
      <td>
        {!sender.verified && (
          <button type="button" className="small" onClick={resend}>
            Send confirmation
          </button>
        )}
        {note && <span role="status">{note}</span>}
        <ErrorBox error={error} />
      </td>
    </tr>
  );
}

function DomainCard({ domain, onChanged }: { domain: Domain; onChanged: () => void }) {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api('POST', `/notify/v1/domains/${domain.id}/verify`);
      onChanged();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="domain">
      <h3>
        {domain.name} <span className={`state state-${domain.verified ? 'delivered' : 'deferred'}`}>{domain.verified ? 'verified' : 'not verified'}</span>
      </h3>
      <p className="muted">Publish these DNS records, then verify. Last checked: {when(domain.lastCheckTime)}.</p>
      <table className="list records">
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Type</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {domain.records.map((r) => (
            <tr key={r.purpose}>
              <td>
                {r.purpose}
                {r.required ? '' : ' (optional)'}
              </td>
              <td>{r.type}</td>
              <td>
                <code>{r.name}</code> <CopyButton text={r.name} label={`Copy the ${r.purpose} record name`} />
              </td>
              <td className="value">
                <code>{r.value}</code> <CopyButton text={r.value} label={`Copy the ${r.purpose} record value`} />
              </td>
              <td>
                <span className={`state state-${r.status === 'found' ? 'delivered' : 'deferred'}`}>{r.status}</span>
                {r.found.length > 0 && r.status !== 'found' && <span className="muted"> found: {r.found.join(' | ')}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={verify} disabled={busy}>
        {busy ? 'Checking DNS…' : 'Verify now'}
      </button>
      <ErrorBox error={error} />
    </div>
  );
}

function DomainForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await api('POST', '/notify/v1/domains', { name });
      setName('');
      onCreated();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Add a sending domain">
      <Field label="Domain" name="name" value={name} onChange={setName} error={error} placeholder="mail.example.com" required />
      <button type="submit">Add domain</button>
      <ErrorBox error={error} />
    </form>
  );
}

export function Senders() {
  const senders = useLoad(() => get<ListObject<Sender>>('/notify/v1/senders?pageSize=100'), []);
  const domains = useLoad(() => get<ListObject<Domain>>('/notify/v1/domains?pageSize=100'), []);
  return (
    <section>
      <h1>Senders &amp; domains</h1>
      <h2>Senders</h2>
      <SenderForm onCreated={senders.reload} />
      <ErrorBox error={senders.error} />
      {!senders.data ? (
        !senders.error && <Loading />
      ) : senders.data.items.length === 0 ? (
        <Empty title="No senders">Add the address your mail comes from above; Postwire sends it a confirmation link.</Empty>
      ) : (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">Verification</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {senders.data.items.map((s) => (
              <SenderRow key={s.id} sender={s} />
            ))}
          </tbody>
        </table>
      )}
      <h2>Sending domains</h2>
      <DomainForm onCreated={domains.reload} />
      <ErrorBox error={domains.error} />
      {!domains.data ? (
        !domains.error && <Loading />
      ) : domains.data.items.length === 0 ? (
        <Empty title="No sending domains">
          Add a domain to sign its mail with DKIM; every sender at that domain is then verified once its DNS records are published.
        </Empty>
      ) : (
        domains.data.items.map((d) => <DomainCard key={d.id} domain={d} onChanged={domains.reload} />)
      )}
    </section>
  );
}
