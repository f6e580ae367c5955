import { Type, type Static } from 'typebox';

export const MAX_IMPORT_ROWS = 100_000;

/** The bare JSON array the original's clients send; an address is checked per row (a bad one is counted, not refused). */
export const ImportBody = Type.Array(
  Type.Object({
    email: Type.String({ maxLength: 1000, description: 'The address; a row with an invalid one is counted in `invalid`.' }),
    customFields: Type.Optional(
      Type.Union([
        Type.Array(
          Type.Object({
            customFieldId: Type.String(),
            value: Type.Union([Type.String({ maxLength: 10_000 }), Type.Number(), Type.Boolean(), Type.Null()]),
          }),
          { maxItems: 500 },
        ),
        Type.Null(),
      ]),
    ),
  }),
  {
    maxItems: MAX_IMPORT_ROWS,
    examples: [[{ email: 'ann@example.net', customFields: [{ customFieldId: '0193a5b2c4d1e2f3a4b5c6d7', value: 'Berlin' }] }, { email: 'bob@example.net' }]],
  },
);
export type ImportBody = Static<typeof ImportBody>;

export const ImportParams = Type.Object({ id: Type.String({ description: 'Contact list id' }), importId: Type.String({ description: 'Import id' }) });
export type ImportParams = Static<typeof ImportParams>;

const counter = (description: string) => Type.Integer({ description });

export const ImportStatus = Type.Object({
  id: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
  updateTime: Type.String({ format: 'date-time' }),
  contactListId: Type.String(),
  customFields: Type.Array(Type.String(), { description: 'The custom field ids the file gives values for.' }),
  total: counter('Rows in the file.'),
  added: counter('Contacts put on the list.'),
  alreadyExists: counter('Contacts already on the list (their values were updated).'),
  repetitive: counter('Rows repeating an address of an earlier row.'),
  invalid: counter('Rows with an invalid address or an unknown custom field (see invalidRows).'),
  hardBounce: counter('Addresses that hard bounced: not added.'),
  unsubscribe: counter('Contacts that unsubscribed: not added, not re-subscribed.'),
  spam: counter('Addresses that reported spam: not added.'),
  blocked: counter('Addresses on the suppression list for another reason: not added.'),
  limitExceeded: counter('Rows beyond a plan limit (none today).'),
  status: Type.Integer({ description: '0 waiting, 1 running, 2 completed, 3 failed (see failureReason).' }),
  invalidRows: Type.Array(Type.Object({ row: Type.Integer(), email: Type.String(), reason: Type.String() }), {
    description: 'The first 1000 invalid rows, numbered from 1.',
  }),
  charset: Type.Union([Type.String(), Type.Null()], {
    description:
      'CSV: the charset the file was read in: the `charset` field of the upload, else utf-8 for a file that is valid UTF-8, else ' +
      'windows-1252. Null for a JSON import.',
    examples: ['utf-8', 'windows-1252'],
  }),
  ignoredColumns: Type.Array(Type.String(), {
    description: 'CSV: the header names of the columns whose values were not imported (mapped to nothing, or naming no field). Empty for a JSON import.',
    examples: [['plan']],
  }),
  failureReason: Type.String({
    description: 'Why the import failed (status 3), e.g. the line where a CSV file stops being CSV; rows applied before the failure stay. Empty otherwise.',
    examples: ['The file is not valid CSV: line 7: a quoted cell opens on this line and its closing quote never comes. Rows before that line were imported.'],
  }),
});
export type ImportStatus = Static<typeof ImportStatus>;

/**
 * The multipart field `mapping` of a CSV import: JSON, one entry per column of the header, in
 * order. Without it, columns are mapped by their names (imports.csv.ts mapColumns).
 */
export type ColumnMapping = { as: 'email' } | { as: 'ignore' } | { as: 'field'; customFieldId: string } | { as: 'new'; name: string };
