/** HTTP for contact imports (M12, M13 of the compatibility reference). */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, success } from '../../../http/envelope.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { ImportBody, ImportParams, ImportStatus } from './imports.schemas.js';
import type { ImportsService } from './imports.service.js';

const tags = ['Marketing: contacts'];
const security = ANY_CREDENTIAL;

export function registerImportRoutes(app: TypedApp, imports: ImportsService, limits: { maxFileBytes: number }): void {
  app.post(
    '/inbox/v1/contactlists/:id/import',
    {
      schema: {
        tags,
        security,
        summary: 'Import contacts into a list (a bare JSON array); answers the import id at once',
        description:
          'Upsert by address. Invalid rows and repeated addresses are counted, never stop the import; bounced, unsubscribed, complaining and ' +
          'suppressed addresses are counted and not re-subscribed. Follow it with GET …/import/{importId}.',
        params: IdParams,
        body: ImportBody,
        response: { 200: EnvelopeSchema(Type.String({ description: 'The import id.' })) },
      },
    },
    async (request) => success(await imports.accept(request.principal, request.params.id, request.body)),
  );

  app.post(
    '/inbox/v1/contactlists/:id/import/csv',
    {
      bodyLimit: limits.maxFileBytes,
      config: {
        // The file goes to the database as it arrives (imports.csv.ts), however large.
        storeUpload: (file) => imports.storeUpload(file),
        multipartOptions: { limits: { fileSize: limits.maxFileBytes, files: 1 } },
      },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary: 'Import contacts into a list from a CSV file (multipart part "file"); answers the import id at once',
        description:
          'The first row names the columns: one "email" (or "Email Address"), others named like custom fields of the account (or by their id) ' +
          'give their values; other columns are ignored (named in `ignoredColumns` of the status). The form field `mapping` maps the columns ' +
          'by hand instead: JSON, one entry per header column, {"as":"email"}, {"as":"field","customFieldId":"…"}, {"as":"new","name":"…"} (a text ' +
          'field created with the import; an existing field of that name is used) or {"as":"ignore"}. Same rules and counters as the JSON import; rows are numbered from 1 after the header. ' +
          'A file that is valid UTF-8 is read as UTF-8 (a byte order mark dropped), any other as Windows-1252, unless the form field `charset` ' +
          'names its charset (e.g. iso-8859-15). The header and the first chunk of rows are read before the answer: a file that is not CSV ' +
          'there is a 400 naming the line; further on, the import fails (status 3) with `failureReason` naming it.',
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.String({ description: 'The import id.' })) },
      },
    },
    async (request) => success(await imports.acceptCsv(request.principal, request.params.id, request.body)),
  );

  app.get(
    '/inbox/v1/contactlists/:id/import/:importId',
    {
      schema: {
        tags,
        security,
        summary: "An import's counters, while it runs and when it is done",
        params: ImportParams,
        response: { 200: EnvelopeSchema(ImportStatus) },
      },
    },
    async (request) => {
      const { id, importId } = request.params;
      return success(await imports.status(request.principal, id, importId));
    },
  );
}
