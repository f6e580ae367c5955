/** The base fields every resource object carries (specification: "Base resource fields"). */
import { Type, type Static } from 'typebox';
import { MAX_EMAIL_LENGTH } from '../lib/email-address.js';

export const ResourceFields = {
  id: Type.String({ description: '24 lowercase hex characters, ordered by creation time.', examples: ['0193a5b2c4d1e2f3a4b5c6d7'] }),
  createTime: Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds.' }),
  createUserId: Type.String(),
  updateTime: Type.String({ format: 'date-time' }),
  updateUserId: Type.String(),
  isDeleted: Type.Boolean(),
};

export interface AuditedRow {
  id: string;
  created_at: number;
  updated_at: number;
  create_user_id: string | null;
  update_user_id: string | null;
  deleted_at: number | null;
}

let lastMs = NaN;
let lastIso = '';

/** ISO 8601 of an epoch millisecond. One answer names the same instant several times: the last is remembered. */
export function iso(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

/** Row → the base resource fields. */
export function resourceFields(row: AuditedRow) {
  return {
    id: row.id,
    createTime: iso(row.created_at),
    createUserId: row.create_user_id ?? '',
    updateTime: iso(row.updated_at),
    updateUserId: row.update_user_id ?? '',
    isDeleted: row.deleted_at !== null,
  };
}

/** An email address field of a request body. */
export const EmailField = (description?: string) =>
  Type.String({ format: 'email', maxLength: MAX_EMAIL_LENGTH, examples: ['hello@example.com'], ...(description ? { description } : {}) });

/** A display name: ends up in a header, so one line only. */
export const NameField = (description?: string) =>
  Type.String({ format: 'single-line', maxLength: 200, examples: ['Example Ltd'], ...(description ? { description } : {}) });

export const IdParams = Type.Object({ id: Type.String({ description: 'Resource id' }) });
export type IdParams = Static<typeof IdParams>;
