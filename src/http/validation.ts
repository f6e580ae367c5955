/**
 * Request validation. Bodies are checked strictly (a number where a string belongs is
 * an error, not silently coerced); query strings and path parameters are text by
 * nature, so they are coerced to the declared types. Every failure becomes a list of
 * `{ field, message }` a person can act on, e.g. `to[0].email: must be an email address`.
 */
import { _, Ajv, str, type ErrorObject, type KeywordDefinition, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from '../errors.js';
import { FirstUse } from './compile-on-first-use.js';
import { emailAddressProblem, isEmailAddress, isRecipientAddress, recipientAddressProblem } from '../lib/email-address.js';
import { mailboxProblem } from '../lib/mailbox.js';

/** The string formats the schemas use; bench/baseline-server.ts registers the same ones. */
export const FORMATS = {
  email: isEmailAddress,
  /** A message's recipient: `email`, and a non-ASCII local part too (SMTPUTF8, lib/email-address.ts). */
  'recipient-email': isRecipientAddress,
  /**
   * Text that ends up in a mail header: a CR or LF would start a new header (injection),
   * and other control characters (NUL, ESC…) have no business there either. Tab is allowed.
   */
  'single-line': (value: string) => !/[\x00-\x08\x0a-\x1f\x7f]/.test(value),
  /** An address as one string, `"Name <address>"` or `address` alone (lib/mailbox.ts): a sender's, */
  mailbox: (value: string) => mailboxProblem(value, 'sender') === undefined,
  /** and a recipient's, whose part before @ may be non-ASCII. */
  'recipient-mailbox': (value: string) => mailboxProblem(value, 'recipient') === undefined,
  'date-time': (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(value) && !Number.isNaN(Date.parse(value)),
};

/** Characters as a person counts them: an emoji outside the BMP (two UTF-16 code units) is one. */
function codePointLength(value: string): number {
  let length = 0;
  for (let i = 0; i < value.length; i++, length++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return length;
}

/**
 * minLength and maxLength with ajv's meaning (code points), without counting them when the
 * answer is plain from the string's length: a string has at least half and at most all of
 * its `length` in code points. ajv's own keyword counts every string it checks, and counting
 * a send's HTML for both of its limits was a visible share of the send path's CPU.
 */
const LENGTH_LIMITS: KeywordDefinition = {
  keyword: ['maxLength', 'minLength'],
  type: 'string',
  schemaType: 'number',
  error: {
    message: ({ keyword, schemaCode }) => str`must NOT have ${keyword === 'maxLength' ? 'more' : 'fewer'} than ${schemaCode} characters`,
    params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
  },
  code(cxt) {
    const { keyword, data, schemaCode, gen } = cxt;
    const count = gen.scopeValue('func', { ref: codePointLength });
    cxt.fail(
      keyword === 'maxLength'
        ? _`${data}.length > ${schemaCode} && ${count}(${data}) > ${schemaCode}`
        : _`${data}.length < 2 * ${schemaCode} && ${count}(${data}) < ${schemaCode}`,
    );
  },
};

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, removeAdditional: false, strict: false, ...options });
  ajv.removeKeyword('maxLength').removeKeyword('minLength').addKeyword(LENGTH_LIMITS);
  for (const [name, check] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate: check });
  // Keywords TypeBox and OpenAPI use for documentation only.
  ajv.addKeyword('example');
  return ajv;
}

const bodyAjv = makeAjv({ coerceTypes: false, verbose: true });
const textAjv = makeAjv({ coerceTypes: 'array' });

/**
 * Validators by what their schema says, per ajv (body or text). The API's routes declare about 225
 * schemas, of which about 65 differ (`{ id }` parameters, paging queries and the like repeat
 * across routes), and ajv's own cache knows a schema by its object, not its content; compiling
 * each distinct schema once saves most of the compiling. A validator keeps no state between
 * calls but its last `errors`, which Fastify reads right after the call, so routes can share one.
 * Test processes that build the app more than once reuse them too.
 */
const compiledValidators = new Map<string, ValidateFunction>();

type ValidateFunction = ReturnType<Ajv['compile']>;

/**
 * Compiled on a route's first request, not when the app is built (compile-on-first-use.ts says why): every
 * process that builds the app would pay for all of them. Fastify calls a validator with
 * `(data, { parentData, parentDataProperty })` when it has a `schemaEnv` (ajv's do), so that a
 * coerced root value can be put back on the request; the wrapper passes both on, and copies the
 * compiled validator's `errors` after each call, where Fastify reads them.
 */
const firstUse = new FirstUse<ValidateFunction>();

function lazyValidator(compile: () => ValidateFunction): ValidateFunction {
  const compiled = firstUse.defer(compile);
  const check = ((data: unknown, context?: any) => {
    const validate = compiled();
    const valid = validate(data, context);
    check.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  check.errors = null;
  check.schemaEnv = {} as ValidateFunction['schemaEnv'];
  return check;
}

/** Compiles every validator no request has needed yet; how many (a test's check). */
export const compilePendingValidators = (): number => firstUse.buildPending();

export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart }) =>
  lazyValidator(() => {
    const body = httpPart === 'body';
    const key = `${body ? 'body' : 'text'} ${JSON.stringify(schema)}`;
    let validate = compiledValidators.get(key);
    if (!validate) compiledValidators.set(key, (validate = (body ? bodyAjv : textAjv).compile(schema)));
    return validate;
  }) as any;

/**
 * A route's validator with a rule of its own after the schema: `missing(body)` names the
 * fields the body lacks by a rule JSON Schema could say only with `if`/`then`/`else`,
 * which OpenAPI 3.0 cannot carry (the document would be invalid). The missing fields are
 * reported as `required` errors, together with the schema's own, so one 400 still lists
 * every problem.
 */
export function withRequiredRule(missing: (body: Record<string, unknown>) => string[]): FastifySchemaCompiler<any> {
  return (route) => {
    const validate = validatorCompiler(route) as ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
    if (route.httpPart !== 'body') return validate as any;
    const check = (data: unknown): boolean => {
      const valid = validate(data);
      const errors = [...(validate.errors ?? [])];
      if (data && typeof data === 'object' && !Array.isArray(data)) {
        for (const field of missing(data as Record<string, unknown>)) {
          errors.push({ keyword: 'required', instancePath: '', schemaPath: '#/required', params: { missingProperty: field }, message: 'is required' });
        }
      }
      check.errors = errors.length ? errors : null;
      return valid && errors.length === 0;
    };
    check.errors = null as ErrorObject[] | null;
    return check as any;
  };
}

function fieldPath(instancePath: string): string {
  let path = '';
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(part) ? `[${part}]` : path ? `.${part}` : part;
  }
  return path;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function messageFor(error: ErrorObject): string {
  const p = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'type': {
      const wanted = String(p.type)
        .split(',')
        .map((t) => (t === 'integer' ? 'a whole number' : t === 'object' ? 'an object' : t === 'array' ? 'an array' : `a ${t}`))
        .join(' or ');
      return error.data === undefined ? `must be ${wanted}` : `must be ${wanted}, not ${describeType(error.data)}`;
    }
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`;
    case 'maxLength':
      return `must be at most ${p.limit} characters`;
    case 'minItems':
      return p.limit === 1 ? 'must contain at least one item' : `must contain at least ${p.limit} items`;
    case 'maxItems':
      return `must contain at most ${p.limit} items`;
    case 'minimum':
      return `must be at least ${p.limit}`;
    case 'maximum':
      return `must be at most ${p.limit}`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'format':
      if (p.format === 'email')
        return typeof error.data === 'string' ? (emailAddressProblem(error.data) ?? 'must be an email address') : 'must be an email address';
      if (p.format === 'recipient-email')
        return typeof error.data === 'string' ? (recipientAddressProblem(error.data) ?? 'must be an email address') : 'must be an email address';
      if (p.format === 'single-line') {
        return typeof error.data === 'string' && !/[\r\n]/.test(error.data) ? 'must not contain control characters' : 'must not contain line breaks (CR or LF)';
      }
      if (p.format === 'mailbox' || p.format === 'recipient-mailbox') {
        const problem = typeof error.data === 'string' ? mailboxProblem(error.data, p.format === 'mailbox' ? 'sender' : 'recipient') : undefined;
        return problem ?? 'must be an email address or "Name <address>"';
      }
      if (p.format === 'date-time') return 'must be an ISO 8601 date and time, like 2026-01-31T12:00:00Z';
      return `must be in ${p.format} format`;
    case 'pattern':
      return 'has an invalid format';
    case 'additionalProperties':
      return 'is not a known field';
    default:
      return error.message ?? 'is not valid';
  }
}

/**
 * The first field of a parsed request part whose text (a value or a key) holds a NUL
 * character, by the same path the field errors use, or undefined. PostgreSQL cannot store
 * NUL in text at all (SQLite can): refusing it for every field here, once, makes both
 * dialects answer alike instead of PostgreSQL answering 500. Buffers (file parts) are bytes
 * and may hold anything.
 */
export function fieldWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = fieldWithNul(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key.replace(/\0/g, '\\u0000')}` : key.replace(/\0/g, '\\u0000');
    if (key.includes('\0')) return itemPath;
    const found = fieldWithNul(item, itemPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The errors that say what is wrong with a value of a union (`anyOf`) in the form it was
 * given. A branch that refused the value's type says nothing useful when another branch
 * took the type and found something else wrong: `{ "email": "x" }` for an address that may
 * also be a string is a bad `email`, not "must be a string". When every branch refused the
 * type, the one error says every type the union takes ("must be an object or a string").
 */
function unionErrors(errors: ErrorObject[]): ErrorObject[] {
  let kept = errors;
  for (const union of errors) {
    if (union.keyword !== 'anyOf') continue;
    const prefix = `${union.schemaPath}/`;
    const branches = new Map<string, ErrorObject[]>();
    for (const error of kept) {
      if (!error.schemaPath.startsWith(prefix)) continue;
      const branch = error.schemaPath.slice(prefix.length).split('/')[0]!;
      branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    const wrongType = (list: ErrorObject[]) => list.every((e) => e.keyword === 'type' && e.instancePath === union.instancePath);
    const refused = [...branches.values()].filter(wrongType);
    if (refused.length === 0) continue;
    const drop = new Set(refused.flat());
    if (refused.length === branches.size) {
      const types = refused.flatMap((list) => String((list[0]!.params as { type: string }).type).split(','));
      const merged = { ...refused[0]![0]!, params: { type: [...new Set(types)].join(',') } };
      kept = kept.flatMap((e) => (e === refused[0]![0] ? [merged] : drop.has(e) ? [] : [e]));
    } else {
      kept = kept.filter((e) => !drop.has(e));
    }
  }
  return kept;
}

/** Converts ajv's errors into field errors, one per field (the first problem of each). */
export function toFieldErrors(errors: ErrorObject[], context: string | undefined): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of unionErrors(errors)) {
    // anyOf/oneOf failures repeat what their branches said; the branches are clearer.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    let field = fieldPath(error.instancePath);
    if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      field = field ? `${field}.${missing}` : missing;
    } else if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      field = field ? `${field}.${extra}` : extra;
    }
    if (!field) field = context === 'body' || !context ? 'body' : context;
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: field === 'body' && error.keyword === 'type' ? 'the request body must be a JSON object' : messageFor(error) });
  }
  return out;
}
