import { Type, type Static } from 'typebox';
import { EmailField, NameField, ResourceFields } from '../../../http/resource.js';
import { SCOPES } from '../../../http/scopes.js';
import { ROLES } from '../auth/rights.js';

export const RoleEnum = Type.Enum([...ROLES], {
  description:
    'owner: everything, including owners and the account; admin: everything except managing owners; member: send, read and marketing only (no account changes, users or API keys).',
  examples: ['member'],
});

export const User = Type.Object(
  {
    ...ResourceFields,
    email: Type.String({ description: 'The address the user logs in with (POST /token).', examples: ['ada@example.com'] }),
    name: Type.String({ examples: ['Ada Lovelace'] }),
    role: RoleEnum,
  },
  { description: 'A person who logs in to the account.' },
);
export type User = Static<typeof User>;

export const CreatedUser = Type.Object(
  {
    ...User.properties,
    password: Type.Union([Type.String(), Type.Null()], {
      description: 'The generated password when none was given: shown only in this response. null when the request set one.',
      examples: ['y3K9qLzTn1VbX0aW'],
    }),
  },
  { description: 'The new user; `password` is shown once.' },
);
export type CreatedUser = Static<typeof CreatedUser>;

const PasswordField = (description: string) => Type.String({ minLength: 8, maxLength: 1024, description, examples: ['correct horse battery staple'] });

export const CreateUserBody = Type.Object({
  email: EmailField('Login address; unique across the installation.'),
  name: Type.Optional(NameField('Defaults to the part of the address before @.')),
  role: Type.Optional(Type.Enum([...ROLES], { description: 'Defaults to member. Only an owner can create an owner.', examples: ['admin'] })),
  password: Type.Optional(PasswordField('At least 8 characters; when absent one is generated and returned once.')),
});
export type CreateUserBody = Static<typeof CreateUserBody>;

export const PatchUserBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, format: 'single-line', examples: ['Ada King'] })),
  role: Type.Optional(Type.Enum([...ROLES], { description: 'Only an owner can make someone owner or change an owner; the last owner keeps the role.' })),
});
export type PatchUserBody = Static<typeof PatchUserBody>;

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({
    minLength: 1,
    maxLength: 1024,
    description: 'The password the user logs in with now.',
    examples: ['correct horse battery staple'],
  }),
  newPassword: PasswordField('At least 8 characters.'),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const Me = Type.Object(
  {
    credential: Type.Enum(['session', 'apiKey'], { description: "session: a person's access token; apiKey: an API key.", examples: ['session'] }),
    role: Type.Union([Type.Enum([...ROLES]), Type.Null()], { description: "The person's role; null for an API key (keys have scopes, not roles)." }),
    scopes: Type.Array(Type.Enum([...SCOPES]), {
      description: "What the credential may call (a role's scopes, or the key's): send, read, marketing, account.",
      examples: [['send', 'read', 'marketing']],
    }),
    managesUsers: Type.Boolean({ description: 'May add, change and remove users and API keys: a session of an owner or an admin.' }),
    userId: Type.Union([Type.String(), Type.Null()], { description: 'The person signed in; null for an API key.' }),
    email: Type.Union([Type.String(), Type.Null()], { description: 'Their login address; null for an API key.' }),
    name: Type.Union([Type.String(), Type.Null()], { description: 'Their name; null for an API key.' }),
  },
  { description: 'Who is calling and what they may do, so a client can offer only that.' },
);
export type Me = Static<typeof Me>;
