import { type ComponentType, type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { type Answer, get, isSignedIn, onSessionChange, restore, signIn, signOut } from './api';
import { currentPath, navigate, usePath } from './router';
import { ErrorBox, Field, Link, Loading, useLoad } from './ui';

/** GET /account/me: the signed-in person's role and what it allows. */
type Me = Answer<'/account/me', 'get'>;

/**
 * Every page is its own chunk, fetched when it is first needed: the sign-in page and the
 * frame need React and this file only. `preload` starts the fetch early. A page whose chunk
 * is already here renders at once, not through React.lazy: React 19 holds content back for
 * 300 ms after it has shown a Suspense fallback, which made a signed-in reload that much
 * slower to show the overview.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level (below), never during a render
  const Page = (props: P) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  return Object.assign(Page, { preload });
}

const Overview = lazyPage(() => import('./pages/Overview').then((m) => m.Overview));
const Messages = lazyPage(() => import('./pages/Messages').then((m) => m.Messages));
const MessageDetail = lazyPage(() => import('./pages/Messages').then((m) => m.MessageDetail));
const Inbox = lazyPage(() => import('./pages/Inbox').then((m) => m.Inbox));
const Senders = lazyPage(() => import('./pages/Senders').then((m) => m.Senders));
const Suppressions = lazyPage(() => import('./pages/Suppressions').then((m) => m.Suppressions));
const Templates = lazyPage(() => import('./pages/Templates').then((m) => m.Templates));
const Webhooks = lazyPage(() => import('./pages/Webhooks').then((m) => m.Webhooks));
const Users = lazyPage(() => import('./pages/Users').then((m) => m.Users));
const Billing = lazyPage(() => import('./pages/Billing').then((m) => m.Billing));
const ApiKeys = lazyPage(() => import('./pages/ApiKeys').then((m) => m.ApiKeys));
const Lists = lazyPage(() => import('./pages/Lists').then((m) => m.Lists));
const ContactList = lazyPage(() => import('./pages/ContactList').then((m) => m.ContactList));
const Segments = lazyPage(() => import('./pages/Segments').then((m) => m.Segments));
const Campaigns = lazyPage(() => import('./pages/Campaigns').then((m) => m.Campaigns));
const CampaignPage = lazyPage(() => import('./pages/Campaign').then((m) => m.CampaignPage));
const Contacts = lazyPage(() => import('./pages/Contacts').then((m) => m.Contacts));
const ContactPage = lazyPage(() => import('./pages/Contact').then((m) => m.ContactPage));
const Fields = lazyPage(() => import('./pages/Fields').then((m) => m.Fields));
const SegmentEditor = lazyPage(() => import('./pages/SegmentEditor').then((m) => m.SegmentEditor));
const Inbound = lazyPage(() => import('./pages/Inbound').then((m) => m.Inbound));
const InboundRoutePage = lazyPage(() => import('./pages/Inbound').then((m) => m.InboundRoutePage));
const InboundMessagePage = lazyPage(() => import('./pages/Inbound').then((m) => m.InboundMessagePage));

/** The main menu: path, title (also the tab's), page, and the scope the page needs (shown only to those who have it). */
const NAV = [
  ['/', 'Overview', Overview, undefined],
  ['/messages', 'Messages', Messages, 'read'],
  ['/inbox', 'Capture inbox', Inbox, 'read'],
  ['/senders', 'Senders & domains', Senders, 'read'],
  ['/inbound', 'Inbound mail', Inbound, 'read'],
  ['/templates', 'Templates', Templates, 'read'],
  ['/suppressions', 'Suppressions', Suppressions, 'read'],
  ['/webhooks', 'Webhooks', Webhooks, 'send'],
  ['/api-keys', 'API keys', ApiKeys, 'account'],
  ['/users', 'Users & roles', Users, 'account'],
  ['/billing', 'Billing', Billing, 'account'],
  ['/lists', 'Contacts & lists', Lists, 'marketing'],
  ['/contacts', 'Contacts', Contacts, 'marketing'],
  ['/fields', 'Custom fields', Fields, 'marketing'],
  ['/segments', 'Segments', Segments, 'marketing'],
  ['/campaigns', 'Campaigns', Campaigns, 'marketing'],
] as const;

/** Pages of one resource: the path's pattern, the title of its tab, the page. */
const DETAIL = [
  [/^\/messages\/([0-9a-f]{24})$/, 'Message', MessageDetail],
  [/^\/lists\/([0-9a-f]{24})$/, 'Contact list', ContactList],
  [/^\/campaigns\/([0-9a-f]{24})$/, 'Campaign', CampaignPage],
  [/^\/contacts\/([0-9a-f]{24})$/, 'Contact', ContactPage],
  [/^\/segments\/([0-9a-f]{24}|new)$/, 'Segment', SegmentEditor],
  [/^\/inbound\/routes\/([0-9a-f]{24})$/, 'Inbound route', InboundRoutePage],
  [/^\/inbound\/messages\/([0-9a-f]{24})$/, 'Received message', InboundMessagePage],
] as const;

/** Starts fetching the page of `path` (nothing for an unknown path). */
function preloadPage(path: string): Promise<unknown> {
  const page = DETAIL.find(([pattern]) => pattern.test(path))?.[2] ?? NAV.find(([to]) => to === path)?.[2];
  return page ? page.preload() : Promise.resolve();
}

/** Once a person is in, the other pages are fetched while nothing else happens, so moving between them never waits. */
function preloadAll(): void {
  const all = () => {
    for (const [, , page] of [...NAV, ...DETAIL]) void page.preload();
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(all);
  else setTimeout(all, 1000);
}

function Page({ path }: { path: string }) {
  for (const [pattern, , Detail] of DETAIL) {
    const id = pattern.exec(path)?.[1];
    if (id) return <Detail id={id} />;
  }
  const Listed = NAV.find(([to]) => to === path)?.[2];
  if (Listed) return <Listed />;
  return (
    <section>
      <h1>Not found</h1>
      <p>
        There is no page at this address. <Link to="/">Go to the overview.</Link>
      </p>
    </section>
  );
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
  // A reload keeps the session: the refresh cookie buys a new access token, while the page it
  // reloads is fetched; the page then shows at once, without a "Loading" in between.
  useEffect(() => {
    Promise.all([restore(), preloadPage(currentPath()).catch(() => undefined)]).finally(() => setRestoring(false));
  }, []);
  useEffect(() => {
    if (signedIn) preloadAll();
  }, [signedIn]);
  useEffect(() => {
    const title = NAV.find(([to]) => to === path)?.[1] ?? DETAIL.find(([pattern]) => pattern.test(path))?.[1];
    document.title = title ? `${title} · Postwire` : 'Postwire';
  }, [path]);
  if (restoring) return <main className="signin" aria-busy="true" />;
  if (!signedIn) return <SignIn />;
  return <Frame path={path} />;
}

/** The signed-in frame: who is signed in, and a menu of what their role may use (GET /account/me). */
function Frame({ path }: { path: string }) {
  const me = useLoad(() => get<Me>('/account/me'), []);
  // On a narrow screen the menu is a drawer behind a button, open on the page it was opened on: moving to a page closes it.
  const [menuOn, setMenuOn] = useState<string>();
  const menuOpen = menuOn === path;
  return (
    <div className="layout">
      <header className="top">
        <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="main-menu" onClick={() => setMenuOn(menuOpen ? undefined : path)}>
          Menu
        </button>
        <span className="brand">Postwire</span>
        {me.data && (
          <span className="who" data-testid="signed-in-as">
            {me.data.email} ({me.data.role})
          </span>
        )}
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
      <nav aria-label="Main" id="main-menu" className={menuOpen ? 'open' : undefined}>
        <ul>
          {NAV.filter(([, , , scope]) => scope === undefined || me.data?.scopes.includes(scope)).map(([to, label]) => (
            <li key={to}>
              <Link to={to} className={path === to || (to !== '/' && path.startsWith(`${to}/`)) ? 'active' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <Suspense fallback={<Loading />}>
          <Page path={path} />
        </Suspense>
      </main>
    </div>
  );
}
