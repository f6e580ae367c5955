/** The account area's tables, gathered into the whole schema by src/db/schema.ts. */
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
