import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api, get, type ItemOf, type ListObject } from '../api';
import { CONTACT_STATUSES, type CampaignItem, type Segment } from '../marketing';
import { navigate } from '../router';
import { ErrorBox, Field, Link, Loading, messageOf, useAction, useLoad } from '../ui';
import { useAudience } from './Contacts';

/**
 * The rule builder: groups (all / any of) of conditions over the fields the API's segment
 * rules know, nested as deep as the API allows; the count of contacts the rules select is
 * asked for as they change (POST /inbox/v1/segments/count), and the API's 400 messages
 * show beside the condition they name.
 */

type Cond = { kind: 'cond'; key: number; field: string; operator: string; value: string | string[] };
type Group = { kind: 'group'; key: number; op: 'and' | 'or'; children: Node[] };
type Node = Cond | Group;

let nextKey = 1;
const key = () => nextKey++;

const TEXT_OPS = [
  ['eq', 'is'],
  ['neq', 'is not'],
  ['contains', 'contains'],
  ['not_contains', 'does not contain'],
  ['starts_with', 'starts with'],
  ['ends_with', 'ends with'],
] as const;

/** Each field's operators, with their words. */
function operatorsOf(field: string): readonly (readonly [string, string])[] {
  if (field === 'email') return TEXT_OPS;
  if (field === 'status')
    return [
      ['eq', 'is'],
      ['neq', 'is not'],
      ['in', 'is one of'],
      ['not_in', 'is none of'],
    ];
  if (field === 'tag')
    return [
      ['eq', 'has'],
      ['neq', 'has not'],
    ];
  if (field === 'list')
    return [
      ['eq', 'is on'],
      ['neq', 'is not on'],
      ['in', 'is on one of'],
      ['not_in', 'is on none of'],
    ];
  if (field === 'opened' || field === 'clicked')
    return [
      ['campaign', 'the campaign'],
      ['not_campaign', 'not the campaign'],
      ['within_days', 'any campaign in the last N days'],
      ['not_within_days', 'no campaign in the last N days'],
    ];
  return [
    ...TEXT_OPS,
    ['gt', 'is more than'],
    ['gte', 'is at least'],
    ['lt', 'is less than'],
    ['lte', 'is at most'],
    ['before', 'is before'],
    ['after', 'is after'],
    ['is_set', 'has a value'],
    ['is_not_set', 'has no value'],
  ];
}

const isMulti = (c: Cond) => c.operator === 'in' || c.operator === 'not_in';
const NUMBER_OPS = new Set(['gt', 'gte', 'lt', 'lte', 'within_days', 'not_within_days']);

function newCond(): Cond {
  return { kind: 'cond', key: key(), field: 'email', operator: 'contains', value: '' };
}

/** The API's rule tree as the builder's nodes (the root is always a group). */
function fromRules(rules: unknown): Group {
  const node = (r: unknown): Node => {
    const o = (r ?? {}) as Record<string, unknown>;
    if (Array.isArray(o.and) || Array.isArray(o.or)) {
      const op = Array.isArray(o.and) ? 'and' : 'or';
      return { kind: 'group', key: key(), op, children: (o[op] as unknown[]).map(node) };
    }
    const value = Array.isArray(o.value) ? o.value.map(String) : o.value === undefined || o.value === null ? '' : String(o.value);
    return { kind: 'cond', key: key(), field: String(o.field ?? 'email'), operator: String(o.operator ?? 'eq'), value };
  };
  const root = node(rules);
  return root.kind === 'group' ? root : { kind: 'group', key: key(), op: 'and', children: [root] };
}

function toRules(node: Node): unknown {
  if (node.kind === 'group') return { [node.op]: node.children.map(toRules) };
  const { field, operator } = node;
  if (operator === 'is_set' || operator === 'is_not_set') return { field, operator };
  const one = Array.isArray(node.value) ? (node.value[0] ?? '') : node.value;
  const many = Array.isArray(node.value) ? node.value : node.value === '' ? [] : [node.value];
  const asNumber = (v: string) => (v.trim() === '' ? v : Number(v));
  let value: unknown;
  if (field === 'status') value = isMulti(node) ? many.map(Number) : Number(one);
  else if (field === 'list' && isMulti(node)) value = many;
  else if (NUMBER_OPS.has(operator)) value = asNumber(one);
  else value = one;
  return { field, operator, value };
}

/** The node at `path` (indexes from the root) replaced by `f(node)`. */
function update(root: Group, path: number[], f: (n: Node) => Node | null): Group {
  const walk = (n: Node, rest: number[]): Node | null => {
    if (rest.length === 0) return f(n);
    const g = n as Group;
    const [i, ...more] = rest as [number, ...number[]];
    const children = g.children.map((c, j) => (j === i ? walk(c, more) : c)).filter((c): c is Node => c !== null);
    return { ...g, children };
  };
  return walk(root, path) as Group;
}

/** The API's field path of a node: rules, rules.and[1], rules.and[1].or[0] … */
function apiPath(root: Group, path: number[]): string {
  let at = 'rules';
  let node: Node = root;
  for (const i of path) {
    const g = node as Group;
    at += `.${g.op}[${i}]`;
    node = g.children[i]!;
  }
  return at;
}

/** The API's messages for a condition (its field, operator or value). */
function messagesAt(error: unknown, at: string): string[] {
  if (!(error instanceof ApiError)) return [];
  return error.fields.filter((f) => f.field === at || f.field.startsWith(`${at}.`)).map((f) => `${f.field.slice(at.length + 1) || 'rule'} ${f.message}`);
}

interface Choices {
  lists: { id: string; listName: string }[];
  fields: { id: string; name: string }[];
  tags: { tag: string }[];
  campaigns: CampaignItem[];
}

function ValueInput({ cond, label, choices, onChange }: { cond: Cond; label: string; choices: Choices; onChange: (value: string | string[]) => void }) {
  const one = Array.isArray(cond.value) ? (cond.value[0] ?? '') : cond.value;
  if (cond.operator === 'is_set' || cond.operator === 'is_not_set') return null;
  if (cond.field === 'status' || cond.field === 'list') {
    const options = cond.field === 'status' ? CONTACT_STATUSES.map(([v, l]) => [String(v), l] as const) : choices.lists.map((l) => [l.id, l.listName] as const);
    if (isMulti(cond)) {
      const chosen = Array.isArray(cond.value) ? cond.value : cond.value ? [cond.value] : [];
      return (
        <select multiple aria-label={label} value={chosen} onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      );
    }
    return (
      <select aria-label={label} value={one} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    );
  }
  if ((cond.field === 'opened' || cond.field === 'clicked') && (cond.operator === 'campaign' || cond.operator === 'not_campaign')) {
    return (
      <select aria-label={label} value={one} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a campaign…</option>
        {choices.campaigns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.subject}
          </option>
        ))}
      </select>
    );
  }
  const listId = cond.field === 'tag' ? 'segment-tags' : undefined;
  return (
    <input
      aria-label={label}
      list={listId}
      type={NUMBER_OPS.has(cond.operator) ? 'number' : 'text'}
      value={one}
      onChange={(e) => onChange(e.target.value)}
      placeholder={cond.operator.includes('within_days') ? 'days' : undefined}
    />
  );
}

function NodeEditor(props: { node: Node; path: number[]; root: Group; name: string; choices: Choices; error: unknown; onChange: (root: Group) => void }) {
  const { node, path, root, name, choices, error, onChange } = props;
  const at = apiPath(root, path);
  const set = (f: (n: Node) => Node | null) => onChange(update(root, path, f));
  if (node.kind === 'cond') {
    const messages = messagesAt(error, at);
    const fieldChoices: [string, string][] = [
      ['email', 'Email address'],
      ['status', 'Status'],
      ['tag', 'Tag'],
      ['list', 'List'],
      ['opened', 'Opened'],
      ['clicked', 'Clicked'],
      ...choices.fields.map((f) => [`customField:${f.id}`, f.name] as [string, string]),
    ];
    return (
      <li className="rule-cond">
        <select
          aria-label={`Field of ${name}`}
          value={node.field}
          onChange={(e) => set(() => ({ ...node, field: e.target.value, operator: operatorsOf(e.target.value)[0]![0], value: '' }))}
        >
          {fieldChoices.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        <select
          aria-label={`Operator of ${name}`}
          value={node.operator}
          onChange={(e) => set(() => ({ ...node, operator: e.target.value, value: isMulti({ ...node, operator: e.target.value }) ? [] : '' }))}
        >
          {operatorsOf(node.field).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        <ValueInput cond={node} label={`Value of ${name}`} choices={choices} onChange={(value) => set(() => ({ ...node, value }))} />
        <button type="button" className="small" aria-label={`Remove ${name}`} onClick={() => set(() => null)} disabled={path.length === 0}>
          Remove
        </button>
        {messages.map((m) => (
          <span key={m} className="field-error">
            {m}
          </span>
        ))}
      </li>
    );
  }
  const messages = messagesAt(error, at).filter((m) => !/^\w+\[\d+\]/.test(m));
  return (
    <li className="rule-group">
      <fieldset>
        <legend>{path.length === 0 ? 'Contacts that match' : name}</legend>
        <select
          aria-label={`How ${path.length === 0 ? 'the rules' : name} combine`}
          value={node.op}
          onChange={(e) => set(() => ({ ...node, op: e.target.value as 'and' | 'or' }))}
        >
          <option value="and">all of these</option>
          <option value="or">any of these</option>
        </select>
        <ul className="rules">
          {node.children.map((child, i) => (
            <NodeEditor
              key={child.key}
              node={child}
              path={[...path, i]}
              root={root}
              name={`${child.kind === 'group' ? 'group' : 'condition'} ${[...path, i].map((n) => n + 1).join('.')}`}
              choices={choices}
              error={error}
              onChange={onChange}
            />
          ))}
        </ul>
        <div className="actions">
          <button type="button" className="small" onClick={() => set(() => ({ ...node, children: [...node.children, newCond()] }))}>
            Add condition{path.length ? ` to ${name}` : ''}
          </button>
          <button
            type="button"
            className="small"
            onClick={() => set(() => ({ ...node, children: [...node.children, { kind: 'group', key: key(), op: 'or', children: [newCond()] }] }))}
          >
            Add group{path.length ? ` to ${name}` : ''}
          </button>
          {path.length > 0 && (
            <button type="button" className="small" aria-label={`Remove ${name}`} onClick={() => set(() => null)}>
              Remove group
            </button>
          )}
        </div>
        {messages.map((m) => (
          <span key={m} className="field-error">
            {m}
          </span>
        ))}
      </fieldset>
    </li>
  );
}

/** The count of the rules as they are, asked for a moment after the last change. */
function useLiveCount(rules: unknown) {
  const [state, setState] = useState<{ count?: number; error?: unknown; busy: boolean }>({ busy: true });
  const text = JSON.stringify(rules);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(() => {
      api<{ count: number }>('POST', '/inbox/v1/segments/count', { rules: JSON.parse(text) }).then(
        (r) => live && setState({ count: r.count, busy: false }),
        (error) => live && setState({ error, busy: false }),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  return state;
}

function Editor({ segment }: { segment?: Segment }) {
  const audience = useAudience();
  const campaigns = useLoad(() => get<ListObject<CampaignItem>>('/inbox/v1/campaigns?pageSize=100'), []);
  const [name, setName] = useState(segment?.name ?? '');
  const [root, setRoot] = useState<Group>(() =>
    segment ? fromRules(segment.rules) : { kind: 'group', key: key(), op: 'and', children: [{ ...newCond(), field: 'status', operator: 'eq', value: '1' }] },
  );
  const rules = toRules(root);
  const live = useLiveCount(rules);
  const { error, act } = useAction();
  const choices: Choices = { lists: audience.lists, fields: audience.fields, tags: audience.tags, campaigns: campaigns.data?.items ?? [] };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      if (segment) await api('PUT', `/inbox/v1/segments/${segment.id}`, { name, rules });
      else await api<ItemOf<'/inbox/v1/segments'>>('POST', '/inbox/v1/segments', { name, rules });
      navigate('/segments');
    });
  };
  // The count's 400 names the same parts a save would: shown at the conditions until the rules are fixed.
  const shown = error ?? live.error;
  const general = shown instanceof ApiError ? shown.fields.filter((f) => f.field === 'rules').map((f) => f.message) : [];
  return (
    <form className="segment-form" onSubmit={submit} aria-label={segment ? 'Edit the segment' : 'Create a segment'}>
      <Field label="Segment name" name="name" value={name} onChange={setName} error={error} required />
      <datalist id="segment-tags">
        {audience.tags.map((t) => (
          <option key={t.tag} value={t.tag} />
        ))}
      </datalist>
      <ul className="rules">
        <NodeEditor node={root} path={[]} root={root} name="the rules" choices={choices} error={shown} onChange={setRoot} />
      </ul>
      {general.map((m) => (
        <p key={m} className="field-error">
          rules: {m}
        </p>
      ))}
      <p role="status" aria-live="polite" className="live-count">
        {live.error ? (
          <span>The rules cannot be counted yet: {messageOf(live.error)}</span>
        ) : live.count === undefined ? (
          'Counting…'
        ) : (
          <>
            <strong data-testid="segment-live-count">{live.count}</strong> {live.count === 1 ? 'contact matches' : 'contacts match'} now
            {live.busy ? ' (counting…)' : ''}
          </>
        )}
      </p>
      <div className="actions">
        <button type="submit">{segment ? 'Save segment' : 'Create segment'}</button>
        <Link to="/segments">Cancel</Link>
      </div>
      {error instanceof ApiError && error.fields.length === 0 && <ErrorBox error={error} />}
      {error !== undefined && !(error instanceof ApiError) && <ErrorBox error={error} />}
    </form>
  );
}

export function SegmentEditor({ id }: { id: string }) {
  const segment = useLoad(() => (id === 'new' ? Promise.resolve(undefined) : get<Segment>(`/inbox/v1/segments/${id}`)), [id]);
  return (
    <section>
      <p>
        <Link to="/segments">← Segments</Link>
      </p>
      <h1>{id === 'new' ? 'New segment' : segment.data ? `Segment ${segment.data.name}` : 'Segment'}</h1>
      <ErrorBox error={segment.error} />
      {id === 'new' ? <Editor /> : segment.data ? <Editor key={segment.data.id} segment={segment.data} /> : !segment.error && <Loading />}
    </section>
  );
}
