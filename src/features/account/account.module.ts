/**
 * The account area (`/`, `/account/…`, `/token`): who may call the API and what it costs.
 * Builds the area's services and registers its routes; runtime.ts and app.ts call these
 * two functions and nothing else of the area, so a new noun of the account area touches
 * this folder only.
 */
import type { TypedApp } from '../../http/typed-app.js';
import type { AreaContext } from '../area.js';
import { registerAccountRoutes, registerSignUpRoute } from './accounts/accounts.routes.js';
import { AccountsService } from './accounts/accounts.service.js';
import { registerApiKeyRoutes } from './apikeys/apikeys.routes.js';
import { ApiKeysService } from './apikeys/apikeys.service.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { AuthService } from './auth/auth.service.js';
import { JwtCodec } from './auth/jwt.js';
import { resolveJwtSecret } from './auth/jwt-secret.js';
import { registerAdminBillingRoutes, registerBillingRoutes } from './billing/billing.routes.js';
import { BillingService } from './billing/billing.service.js';
import { registerUserRoutes } from './users/users.routes.js';
import { UsersService } from './users/users.service.js';

/** What other areas may use of billing: the charge step's types and the refund of recipients never attempted. */
export { refundNeverAttempted, type Charge } from './billing/billing.service.js';
/** The database's size and each account's share (the runtime's metric). */
export { StorageService } from './storage/storage.service.js';
/** What the purge (system/retention) reads of the accounts: who keeps message bodies for a time of their own. */
export { accountsWithOwnBodyRetention } from './accounts/accounts.store.js';

export interface AccountServices {
  auth: AuthService;
  accounts: AccountsService;
  users: UsersService;
  apiKeys: ApiKeysService;
  billing: BillingService;
}

export function createAccountServices({ handle, config, clock }: AreaContext): AccountServices {
  const jwt = new JwtCodec(resolveJwtSecret(config.jwtSecret, config.dataDir), config.accessTokenTtlSeconds, clock);
  const auth = new AuthService(handle, jwt, config, clock);
  const billing = new BillingService(handle, config.billing, undefined, clock);
  return {
    auth,
    accounts: new AccountsService(
      handle,
      {
        signupEnabled: config.signupEnabled,
        bodyLimitBytes: config.bodyLimitBytes,
        bodyRetentionDays: config.retentionBodyDays,
        billing,
      },
      clock,
    ),
    users: new UsersService(handle.db, auth, clock),
    apiKeys: new ApiKeysService(handle.db, auth, clock),
    billing,
  };
}

/**
 * Routes that take no Bearer credential: the token endpoints, sign-up, the operator's
 * endpoints. `publicUrl` is BASE_URL (the refresh cookie's pages, auth.routes.ts).
 */
export function registerAccountPublicRoutes(app: TypedApp, services: AccountServices, adminToken: string | undefined, publicUrl: string | undefined): void {
  registerAuthRoutes(app, services.auth, publicUrl);
  registerSignUpRoute(app, services.accounts);
  if (adminToken) registerAdminBillingRoutes(app, services.billing, adminToken);
}

/** Routes inside the authenticated scope (http/auth.ts, http/scopes.ts decide who may call them). */
export function registerAccountRoutesAuthenticated(scope: TypedApp, services: AccountServices): void {
  registerAccountRoutes(scope, services.accounts, services.users);
  registerUserRoutes(scope, services.users);
  registerApiKeyRoutes(scope, services.apiKeys);
  registerBillingRoutes(scope, services.billing);
}
