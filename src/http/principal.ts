/**
 * Who is calling: what the authentication hook (auth.ts) attaches to every authenticated
 * request. A module of its own, below the features, so that the HTTP layer, rights,
 * services and routes can all name it without importing the auth service.
 */
import type { Scope } from './scopes.js';

/** A person's role in an account (users.role); API keys have scopes instead. */
export type Role = 'owner' | 'admin' | 'member';

export interface Principal {
  accountId: string;
  /** The person acting; for an API key, the user who created it (the createUserId of what it writes). */
  userId: string;
  /** `session`: a person's access token; `apiKey`: an account API key. */
  credential: 'session' | 'apiKey';
  /** The session (refresh family) of an access token; null for an API key. */
  sessionId: string | null;
  /** The key behind an API-key request; null for a session. */
  apiKeyId: string | null;
  /** The user's role for a session; null for an API key (keys have scopes, not roles). */
  role: Role | null;
  /** What the credential may do (`http/scopes.ts`). */
  scopes: readonly Scope[];
}
