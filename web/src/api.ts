/**
 * The dashboard's only way to the server: the public JSON API, same origin.
 *
 * The access token lives in this module's memory only (gone on reload). The refresh token
 * never reaches JavaScript: the API keeps it in an httpOnly, SameSite=Strict cookie scoped
 * to /token (asked for with RefreshCookie: true), so a reload, or an expired access token,
 * is answered by POST /token/refresh, which the browser sends with the cookie.
 */

import type { components, paths } from './api-types';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Json<R> = R extends { content: { 'application/json': { resultObject: infer O } } } ? O : never;

/**
 * What a route answers when it succeeds (the envelope's resultObject), as the OpenAPI
 * document (web/src/api-types.ts) says: `Answer<'/inbox/v1/campaigns/{id}', 'get'>`.
 */
export type Answer<P extends keyof paths, M extends Method> =
  NonNullable<paths[P][M]> extends { responses: infer R } ? Json<R extends { 200: infer OK } ? OK : R extends { 201: infer Created } ? Created : never> : never;

/** One item of a listing route's page. */
export type ItemOf<P extends keyof paths> = Answer<P, 'get'> extends { items: (infer I)[] } ? I : never;

/** One field the API names in a failure envelope (resultObject.errors). */
export type FieldError = NonNullable<NonNullable<components['schemas']['ErrorEnvelope']['resultObject']>['errors']>[number];

/** A failure envelope as an exception: the API's message, and its field errors when it names fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }

  /** The API's message for one field, if it named that field. */
  forField(field: string): string | undefined {
    return this.fields.find((f) => f.field === field || f.field.toLowerCase() === field.toLowerCase())?.message;
  }
}

export interface ListObject<T> {
  displayCount: number;
  totalCount: number;
  items: T[];
}

type TokenObject = Answer<'/token', 'post'>;

let accessToken: string | undefined;
let expiresAt = 0;
let refreshing: Promise<boolean> | undefined;
const listeners = new Set<(signedIn: boolean) => void>();

export function onSessionChange(listener: (signedIn: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setSession(token: TokenObject | undefined): void {
  const was = accessToken !== undefined;
  accessToken = token?.access_token;
  // Renew a little before the end, so a request never leaves with a token about to expire.
  expiresAt = token ? Date.now() + (token.expires_in - 30) * 1000 : 0;
  if (was !== (accessToken !== undefined)) for (const listener of listeners) listener(accessToken !== undefined);
}

async function readEnvelope(response: Response): Promise<unknown> {
  const text = await response.text();
  let body: { resultStatus?: boolean; resultMessage?: string; resultObject?: unknown } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok || !body || body.resultStatus === false) {
    const fields = (body?.resultObject as { errors?: FieldError[] } | null)?.errors ?? [];
    throw new ApiError(response.status, body?.resultMessage ?? `The server answered HTTP ${response.status}.`, fields);
  }
  return body.resultObject;
}

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return readEnvelope(response);
}

export async function signIn(email: string, password: string): Promise<void> {
  setSession((await post('/token', { EmailAddress: email, Password: password, RefreshCookie: true })) as TokenObject);
}

/**
 * The session a reload keeps, if any: a refresh only when the browser holds the refresh
 * cookie (GET /token/cookie), so a first visit makes no request that fails.
 */
export async function restore(): Promise<boolean> {
  try {
    if (!((await (await fetch('/token/cookie')).json()) as { resultObject?: { present?: boolean } }).resultObject?.present) return false;
  } catch {
    return false;
  }
  return renew();
}

/** A new access token from the refresh cookie; false when there is no (valid) cookie. One at a time. */
export function renew(): Promise<boolean> {
  refreshing ??= post('/token/refresh', { RefreshCookie: true })
    .then((token) => {
      setSession(token as TokenObject);
      return true;
    })
    .catch(() => {
      setSession(undefined);
      return false;
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

export async function signOut(): Promise<void> {
  try {
    await post('/token/revoke', {});
  } finally {
    setSession(undefined);
  }
}

export function isSignedIn(): boolean {
  return accessToken !== undefined;
}

/** A request with the access token; renews it once when it has expired (or the server says so). */
async function authorized(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {}): Promise<Response> {
  if (accessToken && Date.now() > expiresAt) await renew();
  const send = () => fetch(path, { ...init, headers: { ...init.headers, authorization: `Bearer ${accessToken ?? ''}` } });
  let response = await send();
  if (response.status === 401 && (await renew())) response = await send();
  if (response.status === 401) setSession(undefined);
  return response;
}

/** A call to the API with the access token (a JSON body, or FormData for an upload). */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  // A FormData body (a file upload) goes as multipart: the browser writes its content-type and boundary.
  const json = body !== undefined && !(body instanceof FormData);
  const response = await authorized(path, {
    method,
    ...(json ? { headers: { 'content-type': 'application/json' } } : {}),
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  return (await readEnvelope(response)) as T;
}

/** A GET whose answer is not an envelope when it succeeds (raw MIME, a CSV file, an attachment); a failure still throws the API's message. */
async function fetchFile(path: string): Promise<Response> {
  const response = await authorized(path);
  if (!response.ok) await readEnvelope(response);
  return response;
}

/** A non-JSON answer (the raw MIME of a message) as text. */
export async function apiText(path: string): Promise<string> {
  return (await fetchFile(path)).text();
}

/**
 * Saves an answer (a CSV export, an attachment) as a file named `filename`. A plain link
 * cannot carry the access token, which lives only in this module: the file is fetched with
 * it, then handed to the browser as a Blob behind a temporary link and the `download`
 * attribute (no inline script, which the page's CSP forbids).
 */
export async function apiDownload(path: string, filename: string): Promise<void> {
  saveFile(await (await fetchFile(path)).blob(), filename);
}

/** Hands a file made in the page (an export, a report) to the browser to save as `filename`. */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL only holds its memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const get = <T>(path: string) => api<T>('GET', path);

export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
