import { Type, type Static } from 'typebox';

/** Browsers: the refresh token travels in an httpOnly cookie that page scripts cannot read (docs/security.md). */
const RefreshCookieField = Type.Boolean({
  description:
    'true: the refresh token is set as an httpOnly, SameSite=Strict cookie (postwire_refresh, Path=/token) instead of being returned in the body, ' +
    'for browser applications. POST /token/refresh and /token/revoke then read it from the cookie.',
});

export const TokenRequest = Type.Object(
  {
    EmailAddress: Type.String({
      minLength: 1,
      maxLength: 254,
      examples: ['owner@example.com'],
      description: "The account user's email address (emailAddress is accepted too).",
    }),
    Password: Type.String({ minLength: 1, maxLength: 1024, examples: ['correct horse battery staple'] }),
    RefreshCookie: Type.Optional(RefreshCookieField),
  },
  { description: 'JSON, form-urlencoded or multipart; field names are matched without regard to case.' },
);

export const RefreshRequest = Type.Object(
  {
    RefreshToken: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 512,
        description: 'The refresh_token of the last token response. Required unless the refresh cookie (RefreshCookie: true at login) is sent.',
      }),
    ),
    RefreshCookie: Type.Optional(RefreshCookieField),
  },
  { examples: [{ RefreshToken: '0193a5b2c4d1e2f3a4b5c6d7.kq3…' }, { RefreshCookie: true }] },
);

export const TokenObject = Type.Object({
  access_token: Type.String({ description: 'A JWT; send it as Authorization: Bearer <access_token>.' }),
  expires_in: Type.Integer({ description: 'Seconds until the access token expires.', examples: [3600] }),
  token_type: Type.Literal('Bearer'),
  refresh_token: Type.Optional(
    Type.String({ description: 'Exchange once with POST /token/refresh for a new pair. Absent when RefreshCookie was true: it is in the cookie.' }),
  ),
});

export const RevokeRequest = Type.Object(
  {
    RefreshToken: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 512,
        description:
          'A refresh token: its whole session (every access and refresh token issued in it) is revoked. No Authorization header is needed. ' +
          'Without it, the refresh cookie is used when present (and cleared).',
      }),
    ),
    all: Type.Optional(
      Type.Boolean({ description: 'true: revoke every session of the user named by the Authorization: Bearer access token, including that one.' }),
    ),
  },
  { description: 'Either RefreshToken, or all: true with an access token.', examples: [{ RefreshToken: '0193a5b2c4d1e2f3a4b5c6d7.kq3…' }, { all: true }] },
);

export type TokenRequest = Static<typeof TokenRequest>;
export type RefreshRequest = Static<typeof RefreshRequest>;
export type RevokeRequest = Static<typeof RevokeRequest>;
