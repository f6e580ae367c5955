/** Liveness and readiness for process supervisors and load balancers. */
import { Type } from 'typebox';
import { sql } from 'kysely';
import type { TypedApp } from '../../../http/typed-app.js';
import type { DbHandle } from '../../../db/database.js';
import { isMigrated } from '../../../db/migrate.js';
import { STORAGE_FULL_RETRY_AFTER_SECONDS } from '../../../db/storage-health.js';
import { AppError } from '../../../errors.js';
import { EnvelopeSchema, success } from '../../../http/envelope.js';

const Status = Type.Object({ status: Type.String() });

export function registerHealthRoutes(app: TypedApp, { db, storage }: Pick<DbHandle, 'db' | 'storage'>): void {
  app.get(
    '/healthz',
    {
      schema: { tags: ['Health'], summary: 'The process is up', response: { 200: EnvelopeSchema(Status) } },
    },
    async () => success({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: { tags: ['Health'], summary: 'The database is reachable, fully migrated and can store', response: { 200: EnvelopeSchema(Status) } },
    },
    async () => {
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        throw new AppError('unavailable', 'The database is not reachable.', { cause: error });
      }
      if (!(await isMigrated(db))) throw new AppError('unavailable', 'The database has migrations still to run (postwire migrate).');
      const full = await storage.problem();
      if (full) throw new AppError('unavailable', `Not ready: ${full}.`, { headers: { 'retry-after': String(STORAGE_FULL_RETRY_AFTER_SECONDS) } });
      return success({ status: 'ready' });
    },
  );
}
