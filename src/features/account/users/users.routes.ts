/** HTTP for the users of an account: schema in, one service call, envelope out. */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ErrorResponse, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL, SESSION_ONLY } from '../../../http/scopes.js';
import { CreatedUser, CreateUserBody, Me, PatchUserBody, User } from './users.schemas.js';
import type { UsersService } from './users.service.js';

const tags = ['Users'];
const MANAGE = 'Owners and admins only, with a session (not an API key); an admin cannot manage owners.';

export function registerUserRoutes(app: TypedApp, users: UsersService): void {
  app.get(
    '/account/me',
    {
      schema: {
        tags,
        security: ANY_CREDENTIAL,
        summary: 'Who is calling: the credential, its role and scopes, and the person signed in',
        description: 'Any credential, whatever its role or scopes. The dashboard reads it to show only what the signed-in person may do.',
        response: { 200: EnvelopeSchema(Me) },
      },
    },
    async (request) => success(await users.me(request.principal)),
  );

  app.get(
    '/account/users',
    {
      schema: {
        tags,
        security: ANY_CREDENTIAL,
        summary: 'List the users of the account',
        description: 'Needs the account scope (owners and admins; API keys with the account scope).',
        querystring: PageQuery,
        response: { 200: EnvelopeSchema(ListSchema(User)) },
      },
    },
    async (request) => success(await users.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/account/users',
    {
      schema: {
        tags,
        security: SESSION_ONLY,
        summary: 'Add a user who logs in with their own email and password',
        description: `${MANAGE} Without a password one is generated and returned once. 409 when the email is already a user's login.`,
        body: CreateUserBody,
        response: {
          201: EnvelopeSchema(CreatedUser),
          409: ErrorResponse('A user with this email already exists (a login is unique across the installation).'),
        },
      },
    },
    async (request, reply) => {
      const user = await users.create(request.principal, request.body);
      return reply.status(201).send(success(user, 201, 'Created'));
    },
  );

  app.get(
    '/account/users/:id',
    {
      schema: { tags, security: ANY_CREDENTIAL, summary: 'Get a user', params: IdParams, response: { 200: EnvelopeSchema(User) } },
    },
    async (request) => success(await users.get(request.principal, request.params.id)),
  );

  app.patch(
    '/account/users/:id',
    {
      schema: {
        tags,
        security: SESSION_ONLY,
        summary: 'Rename a user or change their role',
        description: `${MANAGE} The last owner cannot be demoted (409). A changed role applies to the user's next request.`,
        params: IdParams,
        body: PatchUserBody,
        response: { 200: EnvelopeSchema(Type.Boolean()), 409: ErrorResponse("The user is the caller's own, or the account's last owner.") },
      },
    },
    async (request) => {
      await users.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.delete(
    '/account/users/:id',
    {
      schema: {
        tags,
        security: SESSION_ONLY,
        summary: 'Delete a user; their tokens stop working at once',
        description: `${MANAGE} Nobody deletes their own user, and the last owner cannot be deleted (409). API keys the user created keep working: they belong to the account.`,
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()), 409: ErrorResponse("The user is the caller's own, or the account's last owner.") },
      },
    },
    async (request) => {
      await users.remove(request.principal, request.params.id);
      return success(true);
    },
  );
}
