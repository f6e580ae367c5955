import { type FormEvent, useEffect, useState } from 'react';
import { isSignedIn, onSessionChange, renew, signIn, signOut } from './api';
import { ApiKeys } from './pages/ApiKeys';
import { CampaignPage } from './pages/Campaign';
import { Campaigns } from './pages/Campaigns';
import { ContactList } from './pages/ContactList';
import { Inbox } from './pages/Inbox';
import { Lists } from './pages/Lists';
import { MessageDetail, Messages } from './pages/Messages';
import { Overview } from './pages/Overview';
import { Segments } from './pages/Segments';
import { Senders } from './pages/Senders';
import { Suppressions } from './pages/Suppressions';
import { navigate, usePath } from './router';
import { ErrorBox, Field, Link } from './ui';

const NAV = [
  ['/', 'Overview'],
  ['/messages', 'Messages'],
  ['/inbox', 'Development inbox'],
  ['/senders', 'Senders & domains'],
  ['/suppressions', 'Suppressions'],
  ['/api-keys', 'API keys'],
  ['/lists', 'Contacts & lists'],
  ['/segments', 'Segments'],
  ['/campaigns', 'Campaigns'],
] as const;

/** Pages of one resource: the path's pattern and the title of its tab. */
const DETAIL = [
  [/^\/messages\/([0-9a-f]{24})$/, 'Message'],
  [/^\/lists\/([0-9a-f]{24})$/, 'Contact list'],
  [/^\/campaigns\/([0-9a-f]{24})$/, 'Campaign'],
] as const;

function Page({ path }: { path: string }) {
  const [message, list, campaign] = DETAIL.map(([pattern]) => pattern.exec(path)?.[1]);
  if (message) return <MessageDetail id={message} />;
  if (list) return <ContactList id={list} />;
  if (campaign) return <CampaignPage id={campaign} />;
  switch (path) {
    case '/':
      return <Overview />;
    case '/messages':
      return <Messages />;
    case '/inbox':
      return <Inbox />;
    case '/senders':
      return <Senders />;
    case '/suppressions':
      return <Suppressions />;
    case '/api-keys':
      return <ApiKeys />;
    case '/lists':
      return <Lists />;
    case '/segments':
      return <Segments />;
    case '/campaigns':
      return <Campaigns />;
    default:
      return (
        <section>
          <h1>Not found</h1>
          <p>
            There is no page at this address. <Link to="/">Go to the overview.</Link>
          </p>
        </section>
      );
  }
}

function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await signIn(email, password);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="signin">
      <form onSubmit={submit} aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in to Postwire</h1>
        <p className="muted">The first account's address and password are printed by the first `postwire start`.</p>
        <Field label="Email address" name="EmailAddress" type="email" autoComplete="username" value={email} onChange={setEmail} error={error} required />
        <Field
          label="Password"
          name="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={error}
          required
        />
        <ErrorBox error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

export function App() {
  const [signedIn, setSignedIn] = useState(isSignedIn());
  const [restoring, setRestoring] = useState(true);
  const path = usePath();
  useEffect(() => onSessionChange(setSignedIn), []);
  // A reload keeps the session: the refresh cookie buys a new access token.
  useEffect(() => {
    renew().finally(() => setRestoring(false));
  }, []);
  useEffect(() => {
    const title = NAV.find(([to]) => to === path)?.[1] ?? DETAIL.find(([pattern]) => pattern.test(path))?.[1];
    document.title = title ? `${title} · Postwire` : 'Postwire';
  }, [path]);
  if (restoring) return <main className="signin" aria-busy="true" />;
  if (!signedIn) return <SignIn />;
  return (
    <div className="layout">
      <header className="top">
        <span className="brand">Postwire</span>
        <button
          type="button"
          className="link"
          onClick={async () => {
            await signOut();
            navigate('/');
          }}
        >
          Sign out
        </button>
      </header>
      <nav aria-label="Main">
        <ul>
          {NAV.map(([to, label]) => (
            <li key={to}>
              <Link to={to} className={path === to || (to !== '/' && path.startsWith(`${to}/`)) ? 'active' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <Page path={path} />
      </main>
    </div>
  );
}
