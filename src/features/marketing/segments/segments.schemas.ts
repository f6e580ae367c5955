import { Type, type Static } from 'typebox';
import { ResourceFields } from '../../../http/resource.js';

const name = Type.String({ minLength: 1, maxLength: 200, description: "The segment's name.", examples: ['Active in Berlin'] });
const rules = Type.Unknown({
  description:
    'A rule tree: {"and": [rules]}, {"or": [rules]} or a condition {"field", "operator", "value"} over email, status, tag, list, opened, clicked and customField:<id> (docs/marketing.md).',
  examples: [
    {
      and: [
        { field: 'status', operator: 'eq', value: 1 },
        {
          or: [
            { field: 'tag', operator: 'eq', value: 'vip' },
            { field: 'email', operator: 'ends_with', value: '@example.com' },
          ],
        },
      ],
    },
  ],
});

export const SegmentBody = Type.Object({ name, rules }, { examples: [{ name: 'VIPs', rules: { field: 'tag', operator: 'eq', value: 'vip' } }] });
export type SegmentBody = Static<typeof SegmentBody>;

export const PatchSegmentBody = Type.Object({ name: Type.Optional(name), rules: Type.Optional(rules) }, { examples: [{ name: 'VIP customers' }] });
export type PatchSegmentBody = Static<typeof PatchSegmentBody>;

export const CountRulesBody = Type.Object({ rules }, { examples: [{ rules: { field: 'opened', operator: 'within_days', value: 30 } }] });
export type CountRulesBody = Static<typeof CountRulesBody>;

export const Segment = Type.Object({
  ...ResourceFields,
  name: Type.String(),
  rules: Type.Unknown(),
});
export type Segment = Static<typeof Segment>;

export const SegmentCount = Type.Object({ count: Type.Integer({ description: 'Live contacts of the account the rules select, counted now.' }) });
export type SegmentCount = Static<typeof SegmentCount>;
