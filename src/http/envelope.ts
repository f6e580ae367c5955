/**
 * The five-key response envelope the specification puts around every JSON response,
 * success and failure alike.
 */
import { Type, type TSchema } from 'typebox';

export { listResult, type ListResult } from '../lib/api-shape.js';

export const ENVELOPE_VERSION = '1.0.0';

export interface Envelope<T> {
  version: string;
  resultStatus: boolean;
  resultCode: number;
  resultMessage: string;
  resultObject: T;
}

export function success<T>(resultObject: T, resultCode = 200, resultMessage = 'Success'): Envelope<T> {
  return { version: ENVELOPE_VERSION, resultStatus: true, resultCode, resultMessage, resultObject };
}

export function failure(resultCode: number, resultMessage: string, resultObject: unknown = null): Envelope<unknown> {
  return { version: ENVELOPE_VERSION, resultStatus: false, resultCode, resultMessage, resultObject };
}

/** Response schema of an envelope around `result`; feeds serialization and the OpenAPI document. */
export function EnvelopeSchema<T extends TSchema>(result: T, description?: string) {
  return Type.Object(
    {
      version: Type.String({ examples: [ENVELOPE_VERSION] }),
      resultStatus: Type.Boolean(),
      resultCode: Type.Integer(),
      resultMessage: Type.String(),
      resultObject: result,
    },
    description ? { description } : {},
  );
}

export const ErrorEnvelopeSchema = Type.Object(
  {
    version: Type.String(),
    resultStatus: Type.Boolean({ examples: [false] }),
    resultCode: Type.Integer(),
    resultMessage: Type.String(),
    resultObject: Type.Union([Type.Null(), Type.Object({ errors: Type.Array(Type.Object({ field: Type.String(), message: Type.String() })) })]),
  },
  { description: 'Failure: resultStatus false, resultCode = HTTP status, resultMessage says what to fix.' },
);

/** List object of every list operation. */
export function ListSchema<T extends TSchema>(item: T) {
  return Type.Object({
    displayCount: Type.Integer(),
    totalCount: Type.Integer(),
    items: Type.Array(item),
  });
}

/**
 * A failure status a route declares because its service decides it (a duplicate's 409, an
 * empty balance's 402): the error envelope, described for this route. The statuses every
 * route of a kind can answer (400, 401, 403, 404, 413, 415, 429) come from http/openapi.ts.
 */
export function ErrorResponse(description: string) {
  return Type.Object(ErrorEnvelopeSchema.properties, { description });
}
