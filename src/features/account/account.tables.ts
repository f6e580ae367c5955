/** The account area's tables, added to the whole schema (src/db/schema.ts) below. */
import type { AccountsTable, UsersTable } from './accounts/accounts.table.js';
import type { ApiKeysTable } from './apikeys/apikeys.table.js';
import type { RefreshTokensTable, SessionsTable } from './auth/auth.table.js';
import type { CreditLedgerTable, PaymentsTable } from './billing/billing.table.js';

export interface AccountTables {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  api_keys: ApiKeysTable;
  payments: PaymentsTable;
  credit_ledger: CreditLedgerTable;
}

declare module '../../db/schema.js' {
  // biome-ignore lint/suspicious/noEmptyInterface: adds this owner's tables to the whole schema
  interface Database extends AccountTables {}
}
