/**
 * Segment rules: a JSON tree the client writes (`and`/`or` of conditions on email, status,
 * tag, list, custom fields, opens and clicks; docs/marketing.md lists the operators), checked
 * here and compiled to one SQL condition on `contacts` that runs the same on both dialects.
 *
 * Every value is a bound parameter; only the SQL's shape comes from here. The dialects differ
 * in recognising a number in text (a regular expression on PostgreSQL, GLOB on SQLite: a cast
 * of non-numeric text fails on one and yields 0 on the other) and in unpacking a JSON list.
 * Bounds (docs/limits.md) keep a statement within both dialects' parameter limits even when
 * a campaign ORs 100 segments: a condition binds at most two parameters however many values
 * it has (a list of ids is one JSON parameter).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import type { FieldError } from '../../../errors.js';
import { isId } from '../../../lib/ids.js';
import { inValues } from '../../../db/json-values.js';

export type Rule = { and: Rule[] } | { or: Rule[] } | Condition;

export type Condition =
  | { field: 'email'; operator: TextOperator; value: string }
  | { field: 'status'; operator: 'eq' | 'neq'; value: number }
  | { field: 'status'; operator: 'in' | 'not_in'; value: number[] }
  | { field: 'tag'; operator: 'eq' | 'neq'; value: string }
  | { field: 'list'; operator: 'eq' | 'neq'; value: string }
  | { field: 'list'; operator: 'in' | 'not_in'; value: string[] }
  | { field: `customField:${string}`; operator: TextOperator | NumberOperator | 'before' | 'after'; value: string | number }
  | { field: `customField:${string}`; operator: 'is_set' | 'is_not_set' }
  | { field: EngagementField; operator: 'campaign' | 'not_campaign'; value: string }
  | { field: EngagementField; operator: 'within_days' | 'not_within_days'; value: number };

type EngagementField = 'opened' | 'clicked';
const ENGAGEMENT_OPERATORS = ['campaign', 'not_campaign', 'within_days', 'not_within_days'] as const;
export const MAX_ENGAGEMENT_DAYS = 3650;
const DAY_MS = 86_400_000;

const TEXT_OPERATORS = ['eq', 'neq', 'contains', 'not_contains', 'starts_with', 'ends_with'] as const;
const NUMBER_OPERATORS = ['gt', 'gte', 'lt', 'lte'] as const;
type TextOperator = (typeof TEXT_OPERATORS)[number];
type NumberOperator = (typeof NUMBER_OPERATORS)[number];

export const MAX_RULE_DEPTH = 6;
export const MAX_CONDITIONS = 100;
export const MAX_VALUES_PER_CONDITION = 1000;
const MAX_ERRORS_SHOWN = 20;

/** What a checked rule tree names, so the service can confirm they are the account's. */
export interface RuleReferences {
  listIds: Set<string>;
  customFieldIds: Set<string>;
  campaignIds: Set<string>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStatus = (v: unknown) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 4;

/** Checks a rule tree; field errors name the path (`rules.and[1].value`). */
export function checkRules(input: unknown, path = 'rules'): { rule?: Rule; references: RuleReferences; errors: FieldError[] } {
  const references: RuleReferences = { listIds: new Set(), customFieldIds: new Set(), campaignIds: new Set() };
  const errors: FieldError[] = [];
  let conditions = 0;
  // The first few problems are enough to act on; a huge rule could otherwise answer megabytes of them.
  const fail = (field: string, message: string) => {
    if (errors.length < MAX_ERRORS_SHOWN) errors.push({ field, message });
  };

  const visit = (node: unknown, at: string, depth: number): void => {
    if (!isObject(node)) return fail(at, 'must be an object: {"and": […]}, {"or": […]} or {"field", "operator", "value"}');
    if ('and' in node || 'or' in node) {
      const key = 'and' in node ? 'and' : 'or';
      const children = node[key];
      if (Object.keys(node).length !== 1) return fail(at, `must have "${key}" and nothing else`);
      if (!Array.isArray(children) || children.length === 0) return fail(`${at}.${key}`, 'must be a non-empty array of rules');
      if (depth >= MAX_RULE_DEPTH) return fail(at, `nests deeper than ${MAX_RULE_DEPTH} levels`);
      children.forEach((child, i) => {
        visit(child, `${at}.${key}[${i}]`, depth + 1);
      });
      return;
    }
    // Named once, at the first condition past the bound: a rule far beyond it is one error, not thousands.
    if (++conditions > MAX_CONDITIONS) return conditions === MAX_CONDITIONS + 1 ? fail(at, `a segment has at most ${MAX_CONDITIONS} conditions`) : undefined;
    checkCondition(node, at);
  };

  const checkCondition = (node: Record<string, unknown>, at: string): void => {
    const { field, operator, value } = node;
    const valueAt = `${at}.value`;
    const tooManyValues = (v: unknown) => {
      if (!Array.isArray(v) || v.length <= MAX_VALUES_PER_CONDITION) return false;
      fail(valueAt, `has ${v.length} values; a condition has at most ${MAX_VALUES_PER_CONDITION}`);
      return true;
    };
    if (typeof operator !== 'string') return fail(`${at}.operator`, 'is required');
    const needsText = () => (typeof value === 'string' && value.length <= 1000 ? undefined : fail(valueAt, 'must be a string of at most 1000 characters'));
    if (field === 'email') {
      if (!(TEXT_OPERATORS as readonly string[]).includes(operator)) return fail(`${at}.operator`, `must be one of ${TEXT_OPERATORS.join(', ')} for email`);
      return needsText();
    }
    if (field === 'status') {
      if (operator === 'eq' || operator === 'neq') return isStatus(value) ? undefined : fail(valueAt, 'must be 1, 2, 3 or 4');
      if (operator === 'in' || operator === 'not_in') {
        if (tooManyValues(value)) return;
        return Array.isArray(value) && value.length > 0 && value.every(isStatus) ? undefined : fail(valueAt, 'must be a non-empty array of 1, 2, 3 or 4');
      }
      return fail(`${at}.operator`, 'must be one of eq, neq, in, not_in for status');
    }
    if (field === 'tag') {
      if (operator !== 'eq' && operator !== 'neq') return fail(`${at}.operator`, 'must be eq or neq for tag');
      return needsText();
    }
    if (field === 'list') {
      const ids =
        operator === 'eq' || operator === 'neq'
          ? [value]
          : operator === 'in' || operator === 'not_in'
            ? Array.isArray(value) && value.length > 0
              ? value
              : [null]
            : undefined;
      if (!ids) return fail(`${at}.operator`, 'must be one of eq, neq, in, not_in for list');
      if (tooManyValues(value)) return;
      if (!ids.every((id) => typeof id === 'string' && isId(id)))
        return fail(valueAt, operator.endsWith('in') ? 'must be a non-empty array of list ids' : 'must be a list id');
      for (const id of ids as string[]) references.listIds.add(id);
      return;
    }
    if (typeof field === 'string' && field.startsWith('customField:')) {
      const fieldId = field.slice('customField:'.length);
      if (!isId(fieldId)) return fail(`${at}.field`, 'must be customField:<id of a custom field>');
      references.customFieldIds.add(fieldId);
      if (operator === 'is_set' || operator === 'is_not_set') return;
      if ((NUMBER_OPERATORS as readonly string[]).includes(operator))
        return typeof value === 'number' && Number.isFinite(value) ? undefined : fail(valueAt, 'must be a number');
      if ((TEXT_OPERATORS as readonly string[]).includes(operator) || operator === 'before' || operator === 'after') return needsText();
      return fail(`${at}.operator`, `must be one of ${[...TEXT_OPERATORS, ...NUMBER_OPERATORS, 'before', 'after', 'is_set', 'is_not_set'].join(', ')}`);
    }
    if (field === 'opened' || field === 'clicked') {
      if (operator === 'campaign' || operator === 'not_campaign') {
        if (typeof value !== 'string' || !isId(value)) return fail(valueAt, 'must be a campaign id');
        references.campaignIds.add(value);
        return;
      }
      if (operator === 'within_days' || operator === 'not_within_days')
        return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ENGAGEMENT_DAYS
          ? undefined
          : fail(valueAt, `must be a whole number of days from 1 to ${MAX_ENGAGEMENT_DAYS}`);
      return fail(`${at}.operator`, `must be one of ${ENGAGEMENT_OPERATORS.join(', ')} for ${field}`);
    }
    return fail(`${at}.field`, 'must be email, status, tag, list, opened, clicked or customField:<id>');
  };

  visit(input, path, 1);
  return errors.length ? { references, errors } : { rule: input as Rule, references, errors };
}

/**
 * A stored rule tree checked again before it is used: one saved by an earlier version,
 * before a bound existed, may be beyond it (and then its SQL may not run). The rule, or
 * why it cannot be used, naming each problem's path.
 */
export function usableRule(stored: string): { rule: Rule; problem?: undefined } | { rule?: undefined; problem: string } {
  const { rule, errors } = checkRules(JSON.parse(stored) as unknown);
  return rule ? { rule } : { problem: errors.map((e) => `${e.field} ${e.message}`).join('; ') };
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function likePattern(text: string, where: 'contains' | 'starts' | 'ends'): string {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return where === 'contains' ? `%${escaped}%` : where === 'starts' ? `${escaped}%` : `%${escaped}`;
}

function textCondition(column: RawBuilder<unknown>, operator: string, value: string): RawBuilder<SqlBool> {
  switch (operator) {
    case 'eq':
      return sql<SqlBool>`lower(${column}) = ${value.toLowerCase()}`;
    case 'neq':
      return sql<SqlBool>`lower(${column}) <> ${value.toLowerCase()}`;
    case 'contains':
      return sql<SqlBool>`lower(${column}) like ${likePattern(value, 'contains')} escape '\\'`;
    case 'not_contains':
      return sql<SqlBool>`lower(${column}) not like ${likePattern(value, 'contains')} escape '\\'`;
    case 'starts_with':
      return sql<SqlBool>`lower(${column}) like ${likePattern(value, 'starts')} escape '\\'`;
    default:
      return sql<SqlBool>`lower(${column}) like ${likePattern(value, 'ends')} escape '\\'`;
  }
}

/** The value as a number, or NULL when the text is not one (so no comparison matches). */
function numberOf(column: RawBuilder<unknown>, dialect: Dialect): RawBuilder<number | null> {
  return dialect === 'postgres' ? sql`(case when ${column} ~ '^-?[0-9]+(\\.[0-9]+)?$' then cast(${column} as double precision) end)` : sqliteNumberOf(column);
}

/** SQLite: the text as a number when it is one (an optional leading '-', digits, at most one '.'), else NULL. */
function sqliteNumberOf(column: RawBuilder<unknown>): RawBuilder<number | null> {
  const unsigned = sql`ltrim(${column}, '-')`;
  return sql`(case when ${unsigned} <> '' and ${unsigned} not glob '*[^0-9.]*' and ${unsigned} not glob '*.*.*' and substr(${column}, 2) not glob '*-*' then cast(${column} as real) end)`;
}

const COMPARE = { gt: sql.raw('>'), gte: sql.raw('>='), lt: sql.raw('<'), lte: sql.raw('<='), before: sql.raw('<'), after: sql.raw('>') } as const;

/** The status contacts are shown with: a live hard-bounce, complaint or unsubscribe suppression of the address wins. */
export const SHOWN_STATUS = sql<number>`(case (select s.reason from suppressions s where s.account_id = contacts.account_id
  and s.email_normalized = contacts.email_normalized and s.deleted_at is null limit 1)
  when 'hard_bounce' then 2 when 'unsubscribe' then 3 when 'complaint' then 4 else contacts.status end)`;

/** The SQL condition on `contacts` of a checked rule tree; `now` (epoch ms) is when "the last N days" end. */
export function compileRule(rule: Rule, dialect: Dialect, now: number): RawBuilder<SqlBool> {
  if ('and' in rule)
    return sql<SqlBool>`(${sql.join(
      rule.and.map((r) => compileRule(r, dialect, now)),
      sql` and `,
    )})`;
  if ('or' in rule)
    return sql<SqlBool>`(${sql.join(
      rule.or.map((r) => compileRule(r, dialect, now)),
      sql` or `,
    )})`;
  // checkRules guaranteed each field's operators and value types; read them loosely here.
  const c = rule as { field: string; operator: string; value?: unknown };
  if (c.field === 'email') return textCondition(sql.ref('contacts.email'), c.operator, c.value as string);
  if (c.field === 'status') {
    if (c.operator === 'eq') return sql<SqlBool>`${SHOWN_STATUS} = ${c.value as number}`;
    if (c.operator === 'neq') return sql<SqlBool>`${SHOWN_STATUS} <> ${c.value as number}`;
    // At most four distinct statuses, however many the rule repeats.
    const statuses = [...new Set(c.value as number[])];
    return sql<SqlBool>`${SHOWN_STATUS} ${sql.raw(c.operator === 'in' ? 'in' : 'not in')} (${sql.join(statuses)})`;
  }
  if (c.field === 'tag') {
    const has = sql<SqlBool>`exists (select 1 from contact_tags t where t.contact_id = contacts.id and t.tag = ${c.value as string})`;
    return c.operator === 'eq' ? has : sql<SqlBool>`not ${has}`;
  }
  if (c.field === 'list') {
    const ids = Array.isArray(c.value) ? (c.value as string[]) : [c.value as string];
    const on = sql<SqlBool>`exists (select 1 from contact_list_members m where m.contact_id = contacts.id and ${inValues(sql.ref('m.list_id'), ids, dialect)})`;
    return c.operator === 'eq' || c.operator === 'in' ? on : sql<SqlBool>`not ${on}`;
  }
  if (c.field === 'opened' || c.field === 'clicked') {
    // first_open_at / first_click_at are set by people's opens and clicks only (campaign-counters.ts).
    const first = sql.ref(c.field === 'opened' ? 'r.first_open_at' : 'r.first_click_at');
    const which =
      c.operator === 'campaign' || c.operator === 'not_campaign'
        ? sql<SqlBool>`r.campaign_id = ${c.value as string}`
        : sql<SqlBool>`${first} >= ${now - (c.value as number) * DAY_MS}`;
    const did = sql<SqlBool>`exists (select 1 from campaign_recipients r where r.contact_id = contacts.id and ${first} is not null and ${which})`;
    return c.operator === 'campaign' || c.operator === 'within_days' ? did : sql<SqlBool>`not ${did}`;
  }
  // One EXISTS on the contact's value of the field (one row at most: the key is contact and
  // field), so the field id is bound once however often the condition reads the value. A
  // contact without a value matches nothing but `is_not_set`, `neq` and `not_contains` included.
  const fieldId = c.field.slice('customField:'.length);
  const value = sql.ref('v.value');
  const hasValue = (condition: RawBuilder<SqlBool>) =>
    sql<SqlBool>`exists (select 1 from contact_field_values v where v.contact_id = contacts.id and v.custom_field_id = ${fieldId} and ${condition})`;
  if (c.operator === 'is_set') return hasValue(sql<SqlBool>`${value} is not null`);
  if (c.operator === 'is_not_set') return sql<SqlBool>`not ${hasValue(sql<SqlBool>`${value} is not null`)}`;
  if (c.operator === 'before' || c.operator === 'after') return hasValue(sql<SqlBool>`${value} ${COMPARE[c.operator]} ${String(c.value)}`);
  if (c.operator in COMPARE) return hasValue(sql<SqlBool>`${numberOf(value, dialect)} ${COMPARE[c.operator as NumberOperator]} ${c.value as number}`);
  return hasValue(textCondition(value, c.operator, String(c.value)));
}
