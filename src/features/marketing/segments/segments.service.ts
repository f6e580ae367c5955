/**
 * Segments: a name and a rule tree over the account's contacts (segment-rules.ts). The
 * rules are checked when saved (shape, operators, values, and that every list and custom
 * field they name is the account's), stored as JSON, and compiled to SQL each time they
 * are used, so a segment always selects from the contacts as they are now. Counting runs
 * on the long-reads connection (database.ts): it may scan the account's contacts.
 */
import { listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import type { Db, Dialect, Reads } from '../../../db/database.js';
import { withoutJit } from '../../../db/without-jit.js';
import { AppError, type FieldError } from '../../../errors.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import { checkRules, compileRule, type Rule, usableRule } from './segment-rules.js';
import type { PatchSegmentBody, Segment, SegmentBody, SegmentCount } from './segments.schemas.js';
import { countContactsWhere, findLiveSegment, insertSegment, listLiveSegments, liveIdsOf, updateSegment } from './segments.store.js';
import type { SegmentRow } from './segments.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

const MAX_UNKNOWN_SHOWN = 20;

function toSegment(row: SegmentRow): Segment {
  return { ...resourceFields(row), name: row.name, rules: JSON.parse(row.rules) as unknown };
}

export class SegmentsService {
  constructor(
    private readonly db: Db,
    private readonly longReads: Reads,
    private readonly dialect: Dialect,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(principal: Principal, body: SegmentBody): Promise<Segment> {
    const rules = await this.checked(principal, body.rules);
    const now = this.clock.now();
    const row: SegmentRow = {
      id: newId(now),
      account_id: principal.accountId,
      name: body.name.trim(),
      rules: JSON.stringify(rules),
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await insertSegment(this.db, row);
    return toSegment(row);
  }

  async list(principal: Principal, page: Page): Promise<ListResult<Segment>> {
    const { rows, total } = await listLiveSegments(this.db, principal.accountId, page);
    return listResult(rows.map(toSegment), total);
  }

  async get(principal: Principal, id: string): Promise<Segment> {
    return toSegment(await this.require(principal, id));
  }

  async update(principal: Principal, id: string, body: PatchSegmentBody): Promise<void> {
    await this.require(principal, id);
    const changes = {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.rules !== undefined ? { rules: JSON.stringify(await this.checked(principal, body.rules)) } : {}),
      updated_at: this.clock.now(),
      update_user_id: principal.userId,
    };
    if (!(await updateSegment(this.db, principal.accountId, id, changes))) throw AppError.notFound('Segment');
  }

  async remove(principal: Principal, id: string): Promise<void> {
    const now = this.clock.now();
    const removed = isId(id) && (await updateSegment(this.db, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
    if (!removed) throw AppError.notFound('Segment');
  }

  async count(principal: Principal, id: string): Promise<SegmentCount> {
    const row = await this.require(principal, id);
    const { rule, problem } = usableRule(row.rules);
    if (!rule) throw new AppError('conflict', `The segment's rules are beyond today's limits (docs/limits.md); save them again within them: ${problem}.`);
    return this.countWhere(principal, rule);
  }

  /** The count of rules not saved yet (the dashboard's rule builder), checked as a save checks them. */
  async countRules(principal: Principal, input: unknown): Promise<SegmentCount> {
    return this.countWhere(principal, await this.checked(principal, input));
  }

  private async countWhere(principal: Principal, rule: Rule): Promise<SegmentCount> {
    const condition = compileRule(rule, this.dialect, this.clock.now());
    return { count: await withoutJit(this.longReads, this.dialect, (db) => countContactsWhere(db, principal.accountId, condition)) };
  }

  private async require(principal: Principal, id: string): Promise<SegmentRow> {
    const row = isId(id) ? await findLiveSegment(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Segment');
    return row;
  }

  /** The rule tree if it is well formed and names only the account's lists and fields; else a 400 naming each problem. */
  private async checked(principal: Principal, input: unknown): Promise<Rule> {
    const { rule, references, errors } = checkRules(input);
    if (rule) {
      const [lists, fields, campaigns] = await Promise.all([
        liveIdsOf(this.db, this.dialect, 'contact_lists', principal.accountId, [...references.listIds]),
        liveIdsOf(this.db, this.dialect, 'custom_fields', principal.accountId, [...references.customFieldIds]),
        liveIdsOf(this.db, this.dialect, 'campaigns', principal.accountId, [...references.campaignIds]),
      ]);
      const unknown: FieldError[] = [
        ...[...references.listIds]
          .filter((id) => !lists.has(id))
          .map((id) => ({ field: 'rules', message: `names list ${id}, which is not a contact list of this account` })),
        ...[...references.customFieldIds]
          .filter((id) => !fields.has(id))
          .map((id) => ({ field: 'rules', message: `names customField:${id}, which is not a custom field of this account` })),
        ...[...references.campaignIds]
          .filter((id) => !campaigns.has(id))
          .map((id) => ({ field: 'rules', message: `names campaign ${id}, which is not a campaign of this account` })),
      ];
      if (!unknown.length) return rule;
      // A rule may name up to MAX_CONDITIONS × MAX_VALUES_PER_CONDITION ids: the answer names the first few.
      errors.push(...unknown.slice(0, MAX_UNKNOWN_SHOWN));
      if (unknown.length > MAX_UNKNOWN_SHOWN)
        errors.push({ field: 'rules', message: `and ${unknown.length - MAX_UNKNOWN_SHOWN} more lists or fields that are not this account's` });
    }
    throw AppError.validation(errors);
  }
}
