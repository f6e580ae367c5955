/** Logging in as further users of an account and making API keys, as a client would. */
import { expectEnvelope, type TestApp } from './app.js';

export interface TestSession {
  token: string;
  refreshToken: string;
}

export async function login(app: TestApp, email: string, password: string): Promise<TestSession> {
  const response = await app.request({ method: 'POST', url: '/token', body: { EmailAddress: email, Password: password } });
  const token = expectEnvelope(response, 200).resultObject;
  return { token: token.access_token, refreshToken: token.refresh_token };
}

let counter = 0;

export interface TestUser extends TestSession {
  id: string;
  email: string;
  password: string;
}

/** Adds a user with `role` through POST /account/users (as `managerToken`) and logs them in. */
export async function addUser(app: TestApp, managerToken: string, role: 'owner' | 'admin' | 'member'): Promise<TestUser> {
  const email = `${role}${++counter}.${process.pid}.${Date.now()}@example.com`;
  const password = 'another good password';
  const response = await app.request({ method: 'POST', url: '/account/users', token: managerToken, body: { email, role, password } });
  const user = expectEnvelope(response, 201).resultObject;
  return { id: user.id, email, password, ...(await login(app, email, password)) };
}

/** Creates an API key through POST /account/apikeys; returns the created object (with `key`). */
export async function createApiKey(app: TestApp, token: string, scopes: string[], extra: Record<string, unknown> = {}): Promise<any> {
  const response = await app.request({ method: 'POST', url: '/account/apikeys', token, body: { name: `key ${++counter}`, scopes, ...extra } });
  return expectEnvelope(response, 201).resultObject;
}
