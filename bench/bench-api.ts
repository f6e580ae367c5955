/**
 * The API client the campaign and storage benchmarks share: signing in with the credentials
 * a first `postwire start` prints, and importing N contacts through the API.
 */
import { sleep } from './child.ts';

/** One API call: the envelope's resultObject, or an error naming the route and the answer. */
export type Api = (method: string, route: string, body?: unknown) => Promise<any>;

async function call(url: string, method: string, route: string, body?: unknown, token?: string): Promise<any> {
  const response = await fetch(url + route, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as any;
  if (!json.resultStatus) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.resultObject;
}

/** The first start's output (URL, seeded address and password) to a signed-in client; `url()` may change on a restart. */
export async function signIn(firstStartOutput: string, url: () => string): Promise<{ email: string; api: Api }> {
  const email = firstStartOutput.match(/EmailAddress:\s+(\S+)/)![1]!;
  const password = firstStartOutput.match(/Password:\s+(\S+)/)![1]!;
  const token = (await call(url(), 'POST', '/token', { EmailAddress: email, Password: password })).access_token as string;
  return { email, api: (method, route, body) => call(url(), method, route, body, token) };
}

/** The API's address as `postwire start` prints it. */
export function apiUrlOf(startOutput: string): string {
  return startOutput.match(/API:\s+(\S+)/)![1]!;
}

/** Imports `count` contacts c0@domain, c1@domain, … into the list, 10,000 per import, each waited for. */
export async function importContacts(api: Api, list: string, count: number, domain: string): Promise<void> {
  for (let from = 0; from < count; from += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, count - from) }, (_, i) => ({ email: `c${from + i}@${domain}`, customFields: [] }));
    const importId = await api('POST', `/inbox/v1/contactlists/${list}/import`, rows);
    for (;;) {
      const status = await api('GET', `/inbox/v1/contactlists/${list}/import/${importId}`);
      if (status.status === 2) break;
      if (status.status === 3) throw new Error('an import failed');
      await sleep(200);
    }
  }
}
