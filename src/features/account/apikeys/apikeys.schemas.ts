import { Type, type Static } from 'typebox';
import { ResourceFields } from '../../../http/resource.js';
import { SCOPES } from '../../../http/scopes.js';

export const ScopeEnum = Type.Enum([...SCOPES], {
  description:
    'send: writes of /notify/v1 (sending, senders, domains, templates, webhooks, suppressions); read: reads of /notify/v1; marketing: ' +
    '/inbox/v1; account: the account area (GET/PATCH /account, lists of users and keys, payments).',
  examples: ['send'],
});

export const ApiKey = Type.Object(
  {
    ...ResourceFields,
    name: Type.String({ examples: ['Production web server'] }),
    scopes: Type.Array(ScopeEnum, { examples: [['send', 'read']] }),
    preview: Type.String({ description: 'The prefix and the last four characters, to recognise the key.', examples: ['pwLIVE…x7Qa'] }),
    expiresTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the key stops working; null: never.' }),
    lastUsedTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Roughly when the key was last used (updated at most every few seconds); null: never.',
    }),
  },
  { description: 'An account API key. The key itself is shown only when it is created.' },
);
export type ApiKey = Static<typeof ApiKey>;

export const CreatedApiKey = Type.Object({
  ...ApiKey.properties,
  key: Type.String({
    description: 'The key: send it as Authorization: Bearer <key> or x-api-key: <key>. Shown only in this response; only its hash is stored.',
    examples: ['pwLIVE3vQ8ZkT1mW0bYc7Rr2LxA9dHgPu5NsEfKj6Tx7Qa'],
  }),
});
export type CreatedApiKey = Static<typeof CreatedApiKey>;

export const CreateApiKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, format: 'single-line', description: 'What the key is for.', examples: ['Production web server'] }),
  scopes: Type.Array(ScopeEnum, {
    minItems: 1,
    maxItems: SCOPES.length,
    uniqueItems: true,
    description: 'What the key may do; at least one.',
    examples: [['send', 'read']],
  }),
  expiresAt: Type.Optional(
    Type.String({ format: 'date-time', description: 'When the key stops working (in the future); absent: never.', examples: ['2027-01-01T00:00:00Z'] }),
  ),
});
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const CredentialInfo = Type.Object(
  {
    accountId: Type.String(),
    credential: Type.Enum(['apiKey', 'session'], { description: "apiKey: an account API key; session: a person's access token." }),
    apiKeyId: Type.Union([Type.String(), Type.Null()], { description: 'The key used; null for a session.' }),
    userId: Type.String({ description: 'The user the request acts as (for a key, the user who created it).' }),
    role: Type.Union([Type.Enum(['owner', 'admin', 'member']), Type.Null()], { description: "The user's role for a session; null for a key." }),
    scopes: Type.Array(ScopeEnum),
  },
  { description: 'The credential the request was made with.' },
);
export type CredentialInfo = Static<typeof CredentialInfo>;
