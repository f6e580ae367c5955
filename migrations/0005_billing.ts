/**
 * Billing: payments recorded by the operator and the credit ledger. The ledger is the
 * only source of an account's balance: the balance is SUM(credits) over the account's
 * entries, never a stored counter. Entries are written once and never changed.
 */
import type { Kysely } from 'kysely';
import { audited, required } from './columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  await audited(
    db.schema
      .createTable('payments')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
      /** In the currency's minor unit (cents for EUR/USD, yen for JPY). */
      .addColumn('amount', 'bigint', required)
      /** ISO 4217 code, upper case. */
      .addColumn('currency', 'varchar(3)', required)
      .addColumn('credits', 'bigint', required)
      .addColumn('method', 'text', required)
      .addColumn('reference', 'text')
      /** completed (the only state an operator records today). */
      .addColumn('status', 'text', required)
      /** How the operator recorded it: cli or admin-api. */
      .addColumn('created_by', 'text', required),
  ).execute();
  await db.schema.createIndex('payments_account').on('payments').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(24)', (c) => c.notNull().references('accounts.id'))
    /** payment | usage | refund | adjustment */
    .addColumn('kind', 'text', required)
    /** Positive adds to the balance (payment, refund), negative takes from it (usage). */
    .addColumn('credits', 'bigint', required)
    .addColumn('payment_id', 'varchar(24)')
    .addColumn('message_id', 'varchar(24)')
    .addColumn('recipient_id', 'varchar(24)')
    .addColumn('created_at', 'bigint', required)
    .execute();
  // (account_id, credits) covers the balance: SUM(credits) is read from the index alone.
  await db.schema.createIndex('credit_ledger_balance').on('credit_ledger').columns(['account_id', 'credits']).execute();
  await db.schema.createIndex('credit_ledger_account_time').on('credit_ledger').columns(['account_id', 'created_at']).execute();
  // Refunds look up the usage entry of a message and earlier refunds of a recipient.
  await db.schema.createIndex('credit_ledger_message').on('credit_ledger').column('message_id').execute();
  await db.schema.createIndex('credit_ledger_recipient').on('credit_ledger').column('recipient_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_ledger').execute();
  await db.schema.dropTable('payments').execute();
}
