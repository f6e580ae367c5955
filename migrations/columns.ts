/** Column groups that several tables share. Part of the migrations: change only by adding. */
import type { CreateTableBuilder } from 'kysely';

export const required = (col: any) => col.notNull();

/** The base resource fields of the specification: times, the users who wrote, soft delete. */
export function audited<T extends string>(table: CreateTableBuilder<T, any>): CreateTableBuilder<T, any> {
  return table
    .addColumn('created_at', 'bigint', required)
    .addColumn('updated_at', 'bigint', required)
    .addColumn('create_user_id', 'varchar(24)')
    .addColumn('update_user_id', 'varchar(24)')
    .addColumn('deleted_at', 'bigint');
}
