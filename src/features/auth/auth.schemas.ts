import { Type, type Static } from 'typebox';

export const TokenRequest = Type.Object({
  EmailAddress: Type.String({ minLength: 1, maxLength: 254, examples: ['owner@example.com'], description: 'The account user\'s email address (emailAddress is accepted too).' }),
  Password: Type.String({ minLength: 1, maxLength: 1024, examples: ['correct horse battery staple'] }),
}, { description: 'JSON, form-urlencoded or multipart; field names are matched without regard to case.' });

export const RefreshRequest = Type.Object({
  RefreshToken: Type.String({ minLength: 1, maxLength: 512, description: 'The refresh_token of the last token response.' }),
});

export const TokenObject = Type.Object({
  access_token: Type.String({ description: 'A JWT; send it as Authorization: Bearer <access_token>.' }),
  expires_in: Type.Integer({ description: 'Seconds until the access token expires.', examples: [3600] }),
  token_type: Type.Literal('Bearer'),
  refresh_token: Type.String({ description: 'Exchange once with POST /token/refresh for a new pair.' }),
});

export type TokenRequest = Static<typeof TokenRequest>;
export type RefreshRequest = Static<typeof RefreshRequest>;
