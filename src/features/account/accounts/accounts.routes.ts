/** HTTP for the account itself and for sign-up: schema in, one service call, envelope out. */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ErrorResponse, success } from '../../../http/envelope.js';
import { ANY_CREDENTIAL, SESSION_ONLY } from '../../../http/scopes.js';
import { ChangePasswordBody } from '../users/users.schemas.js';
import type { UsersService } from '../users/users.service.js';
import { Account, PatchAccountBody, SignUpBody } from './accounts.schemas.js';
import type { AccountsService } from './accounts.service.js';

const tags = ['Account'];

/** POST /accounts: public (no credential), refused with 403 unless SIGNUP_ENABLED=true. */
export function registerSignUpRoute(app: TypedApp, accounts: AccountsService): void {
  app.post(
    '/accounts',
    {
      // Before parsing: a closed sign-up says so whatever the body holds.
      onRequest: async () => accounts.requireSignUpOpen(),
      schema: {
        tags,
        summary: 'Create an account (when the operator has enabled sign-up)',
        description:
          "Creates the account, its owner user (who then logs in with POST /token) and a sender for the owner's address. 403 unless SIGNUP_ENABLED=true; 409 when the email is already a login.",
        body: SignUpBody,
        response: {
          201: EnvelopeSchema(Account),
          403: ErrorResponse('Sign-up is off (SIGNUP_ENABLED is not true).'),
          409: ErrorResponse('The email is already a login.'),
        },
      },
    },
    async (request, reply) => {
      const account = await accounts.signUp(request.body);
      return reply.status(201).send(success(account, 201, 'Created'));
    },
  );
}

export function registerAccountRoutes(app: TypedApp, accounts: AccountsService, users: UsersService): void {
  app.get(
    '/account',
    {
      schema: {
        tags,
        security: ANY_CREDENTIAL,
        summary: 'The account: profile, plan, limits and usage this month',
        description: 'Any credential of the account, whatever its role or scopes.',
        response: { 200: EnvelopeSchema(Account) },
      },
    },
    async (request) => success(await accounts.get(request.principal)),
  );

  app.patch(
    '/account',
    {
      schema: {
        tags,
        security: ANY_CREDENTIAL,
        summary: "Change the account's name or contact address",
        description: 'Needs the account scope: owners, admins, or an API key with the account scope.',
        body: PatchAccountBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await accounts.update(request.principal, request.body);
      return success(true);
    },
  );

  app.put(
    '/account/password',
    {
      schema: {
        tags,
        security: SESSION_ONLY,
        summary: 'Change your own password',
        description:
          'Any user, with a session. A wrong currentPassword is 400. Every other session of the user is revoked; the one that made the change keeps working.',
        body: ChangePasswordBody,
        response: { 200: EnvelopeSchema(Type.Boolean()) },
      },
    },
    async (request) => {
      await users.changeOwnPassword(request.principal, request.body);
      return success(true);
    },
  );
}
