import { type FormEvent, useEffect, useState } from 'react';
import { type Answer, ApiError, api, get, type ItemOf, type ListObject, query } from '../api';
import { CopyButton, Empty, ErrorBox, Field, FieldError, fieldMessage, Link, Loading, Pager, Table, useAction, useKeyPages, useLoad, when } from '../ui';
import { HtmlPreview } from './MessageBody';

type Template = ItemOf<'/notify/v1/templates'>;
type Rendered = Answer<'/notify/v1/templates/render', 'post'>;
type Sent = Answer<'/notify/v1/send', 'post'>;
type Sender = ItemOf<'/notify/v1/senders'>;

const PAGE_SIZE = 25;
/** How long typing must pause before the preview asks the API again: one render per pause, not per key. */
const PREVIEW_DELAY_MS = 300;

/** How the body is written. The API reads every body as Handlebars and an `<mjml>` document as MJML; the choice sets the editor's help and checks. */
type Format = 'HTML' | 'Handlebars' | 'MJML';
const FORMATS: readonly Format[] = ['HTML', 'Handlebars', 'MJML'];
/** The preview's widths: a desktop mail client's column and a phone's screen. */
const WIDTHS = { Desktop: 600, Phone: 375 } as const;
type Width = keyof typeof WIDTHS;

const MJML_START = `<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-text>Hello {{ name }}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

interface Draft {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  format: Format;
  /** '' for none. */
  layoutId: string;
  isLayout: boolean;
  inlineCss: boolean;
}

const formatOf = (t: Template | undefined): Format => (t?.mjmlContent ? 'MJML' : t && /\{\{/.test(t.htmlContent) ? 'Handlebars' : 'HTML');

const draftOf = (t: Template | undefined): Draft => ({
  name: t?.name ?? '',
  subject: t?.subject ?? '',
  // An MJML template is edited as the MJML it was saved as, not the HTML compiled from it.
  htmlContent: t?.mjmlContent ?? t?.htmlContent ?? '',
  textContent: t?.textContent ?? '',
  format: formatOf(t),
  layoutId: t?.layoutId ?? '',
  isLayout: t?.isLayout ?? false,
  inlineCss: t?.inlineCss ?? false,
});

/** The API's body for a draft: an empty text means "derive it from the HTML" (null). */
const bodyOf = (d: Draft) => ({
  name: d.name,
  subject: d.subject,
  htmlContent: d.htmlContent,
  textContent: d.textContent === '' ? null : d.textContent,
  isLayout: d.isLayout,
  layoutId: d.isLayout || d.layoutId === '' ? null : d.layoutId,
  inlineCss: d.inlineCss,
});

/** The params box as an object, or why it is not one (said under the box, as the API's messages are). */
function parseParams(text: string): { params: Record<string, unknown> } | { problem: string } {
  if (text.trim() === '') return { params: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { params: value as Record<string, unknown> };
    return { problem: 'params: must be a JSON object, such as {"name": "Ann"}' };
  } catch (failure) {
    return { problem: `params: not valid JSON (${failure instanceof Error ? failure.message : String(failure)})` };
  }
}

/** Every message the API gave for `params` or a variable in it (`params.order.id`): there can be several at once. */
function ParamsErrors({ error, id }: { error: unknown; id: string }) {
  if (!(error instanceof ApiError)) return null;
  const messages = error.fields.filter((f) => f.field === 'params' || f.field.startsWith('params.'));
  if (messages.length === 0) return null;
  return (
    <ul className="field-error plain" id={id}>
      {messages.map((f) => (
        <li key={f.field}>
          {f.field}: {f.message}
        </li>
      ))}
    </ul>
  );
}

/** A multi-line field whose error is the API's message for it. */
function TextArea(props: { label: string; name: string; value: string; onChange: (value: string) => void; error: unknown; rows: number; required?: boolean }) {
  const id = `field-${props.name}`;
  const message = fieldMessage(props.error, props.name);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        name={props.name}
        rows={props.rows}
        value={props.value}
        required={props.required}
        spellCheck={false}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldError error={props.error} name={props.name} id={`${id}-error`} />
    </div>
  );
}

/**
 * The draft rendered by the API as a send would render it (POST /notify/v1/templates/render),
 * asked again once typing pauses. An answer that arrives after a newer question is dropped, so
 * the preview always shows the latest text.
 */
function usePreview(draft: Draft, paramsText: string) {
  const [rendered, setRendered] = useState<Rendered>();
  const [error, setError] = useState<unknown>();
  const [paramsProblem, setParamsProblem] = useState<string>();
  const { subject, htmlContent, textContent, isLayout, inlineCss } = draft;
  const layoutId = isLayout ? '' : draft.layoutId;
  useEffect(() => {
    let live = true;
    const parsed = parseParams(paramsText);
    const timer = setTimeout(async () => {
      setParamsProblem('problem' in parsed ? parsed.problem : undefined);
      if ('problem' in parsed) return;
      // Nothing to render yet: no message about fields the person has not reached.
      if (subject === '' || htmlContent === '') return setError(undefined);
      try {
        const answer = await api<Rendered>('POST', '/notify/v1/templates/render', {
          subject,
          htmlContent,
          textContent: textContent === '' ? null : textContent,
          ...(layoutId ? { layoutId } : {}),
          inlineCss,
          params: parsed.params,
          // What the sample lacks renders as nothing and is listed, so the preview shows while the sample grows.
          allowMissing: true,
        });
        if (!live) return;
        setRendered(answer);
        setError(undefined);
      } catch (failure) {
        if (live) setError(failure);
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [subject, htmlContent, textContent, paramsText, layoutId, inlineCss]);
  return { rendered, error, paramsProblem, ready: subject !== '' && htmlContent !== '' };
}

/** A test message of the saved template to one address, through the ordinary send API (`templateId` + `params`). */
function TestSend({ template, paramsText, unsaved }: { template: Template; paramsText: string; unsaved: boolean }) {
  const senders = useLoad(() => get<ListObject<Sender>>('/notify/v1/senders?pageSize=100'), []);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sent, setSent] = useState<Sent>();
  const { error, act } = useAction();
  const sender = senders.data?.items.find((s) => s.email === from) ?? senders.data?.items[0];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(undefined);
    void act(async () => {
      const parsed = parseParams(paramsText);
      if ('problem' in parsed) throw new Error(parsed.problem);
      setSent(
        await api<Sent>('POST', '/notify/v1/send', {
          from: { email: sender?.email ?? '', name: sender?.displayName ?? '' },
          to: [{ email: to }],
          templateId: template.id,
          params: parsed.params,
        }),
      );
    });
  };
  return (
    <form className="test-send" onSubmit={submit} aria-label="Send a test of this template">
      <h3>Test send</h3>
      <p className="muted">Sends the saved template with the params above{unsaved ? '; save your changes first to send them' : ''}.</p>
      <div className="field">
        <label htmlFor="test-send-from">From</label>
        <select id="test-send-from" name="from" value={sender?.email ?? ''} onChange={(e) => setFrom(e.target.value)}>
          {senders.data?.items.map((s) => (
            <option key={s.id} value={s.email}>
              {s.displayName} &lt;{s.email}&gt;
            </option>
          ))}
        </select>
        <FieldError error={error} name="from.email" />
      </div>
      <Field label="To" name="to[0].email" type="email" value={to} onChange={setTo} error={error} placeholder="someone@example.com" required />
      <button type="submit" disabled={unsaved}>
        Send test
      </button>
      <ParamsErrors error={error} id="test-send-params-error" />
      <ErrorBox error={error ?? senders.error} />
      {sent && (
        <p className="notice" role="status">
          Sent to {to}: message <Link to={`/messages/${sent.id}`}>{sent.id}</Link>.
        </p>
      )}
    </form>
  );
}

/** Create or change one template, with its preview beside it. */
function Editor({ template, onSaved, onClose }: { template: Template | undefined; onSaved: (saved: Template) => void; onClose: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(template));
  const [paramsText, setParamsText] = useState('{}');
  const { error, act } = useAction();
  const [width, setWidth] = useState<Width>('Desktop');
  const preview = usePreview(draft, paramsText);
  const layouts = useLoad(() => get<ListObject<Template>>('/notify/v1/templates?pageSize=100'), []);
  const layoutChoices = (layouts.data?.items ?? []).filter((t) => t.isLayout && t.id !== template?.id);
  const set = (key: 'name' | 'subject' | 'htmlContent' | 'textContent' | 'layoutId') => (value: string) => setDraft({ ...draft, [key]: value });
  const setFormat = (format: Format) =>
    setDraft({ ...draft, format, htmlContent: format === 'MJML' && draft.htmlContent.trim() === '' ? MJML_START : draft.htmlContent });
  const saved = draftOf(template);
  const unsaved = (Object.keys(draft) as (keyof Draft)[]).some((key) => key !== 'format' && draft[key] !== saved[key]);
  const isMjml = /^\s*(<!--[\s\S]*?-->\s*)*<mjml[\s>]/i.test(draft.htmlContent);
  const paramsInvalid =
    preview.paramsProblem !== undefined || (preview.error instanceof ApiError && preview.error.fields.some((f) => f.field.startsWith('params')));
  // A field's message: the save's when it named the field, else the preview's (a subject the API refuses).
  const errorFor = (name: string) => (fieldMessage(error, name) ? error : preview.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      onSaved(
        template
          ? await api<Template>('PUT', `/notify/v1/templates/${template.id}`, bodyOf(draft))
          : await api<Template>('POST', '/notify/v1/templates', bodyOf(draft)),
      );
    });
  };
  return (
    <div className="template-editor">
      <form onSubmit={submit} aria-label={template ? `Edit ${template.name}` : 'New template'}>
        <h2>{template ? `Edit ${template.name}` : 'New template'}</h2>
        {template && (
          <p className="template-id">
            Template id <code data-testid="template-id">{template.id}</code> <CopyButton text={template.id} label="Copy the template id" /> (send it as{' '}
            <code>templateId</code>)
          </p>
        )}
        <Field label="Name" name="name" value={draft.name} onChange={set('name')} error={error} placeholder="Order shipped" required />
        <Field
          label="Subject"
          name="subject"
          value={draft.subject}
          onChange={set('subject')}
          error={errorFor('subject')}
          placeholder="Your order {{ order.id }} has shipped"
          required
        />
        <div className="field-row">
          <div className="field">
            <label htmlFor="field-format">Format</label>
            <select id="field-format" name="format" value={draft.format} onChange={(e) => setFormat(e.target.value as Format)}>
              {FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="field-layoutId">Layout</label>
            <select
              id="field-layoutId"
              name="layoutId"
              value={draft.isLayout ? '' : draft.layoutId}
              disabled={draft.isLayout}
              onChange={(e) => set('layoutId')(e.target.value)}
              aria-describedby={fieldMessage(errorFor('layoutId'), 'layoutId') ? 'field-layoutId-error' : undefined}
            >
              <option value="">No layout</option>
              {layoutChoices.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
            <FieldError error={errorFor('layoutId')} name="layoutId" id="field-layoutId-error" />
          </div>
        </div>
        <div className="field-row">
          <label>
            <input type="checkbox" name="isLayout" checked={draft.isLayout} onChange={(e) => setDraft({ ...draft, isLayout: e.target.checked })} /> This is a
            layout (its <code>{'{{{ body }}}'}</code> holds the templates that use it)
          </label>
          <label>
            <input type="checkbox" name="inlineCss" checked={draft.inlineCss} onChange={(e) => setDraft({ ...draft, inlineCss: e.target.checked })} /> Inline
            the CSS
          </label>
        </div>
        <TextArea
          label={draft.format === 'MJML' ? 'MJML' : 'HTML'}
          name="htmlContent"
          rows={12}
          value={draft.htmlContent}
          onChange={set('htmlContent')}
          error={errorFor('htmlContent')}
          required
        />
        {draft.format === 'MJML' && draft.htmlContent.trim() !== '' && !isMjml && (
          <p className="field-error" role="status">
            This is not an MJML document (it does not start with <code>{'<mjml>'}</code>): it is saved as HTML.
          </p>
        )}
        <TextArea
          label="Text (optional: derived from the HTML when empty)"
          name="textContent"
          rows={4}
          value={draft.textContent}
          onChange={set('textContent')}
          error={errorFor('textContent')}
        />
        <p className="muted">
          <code>{'{{ name }}'}</code> inserts a variable, HTML-escaped; <code>{'{{{ name }}}'}</code> inserts it as it is; <code>{'{{ order.id }}'}</code>{' '}
          reaches into an object; <code>{'{{#each items}}…{{/each}}'}</code>, <code>{'{{#if discount}}…{{else}}…{{/if}}'}</code> and <code>{'{{> name}}'}</code>{' '}
          (another template of yours) too. See docs/templates.md.
        </p>
        <ErrorBox error={fieldMessage(error, 'name', 'subject', 'htmlContent', 'textContent', 'layoutId') ? undefined : error} />
        <div className="actions">
          <button type="submit">{template ? 'Save changes' : 'Save template'}</button>
          <button type="button" className="small" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
      <section aria-labelledby="preview-title" className="template-preview">
        <h2 id="preview-title">Preview</h2>
        <div className="field">
          <label htmlFor="field-params">Params (JSON)</label>
          <textarea
            id="field-params"
            name="params"
            rows={4}
            spellCheck={false}
            value={paramsText}
            aria-invalid={paramsInvalid ? true : undefined}
            aria-describedby={paramsInvalid ? 'field-params-error' : undefined}
            onChange={(e) => setParamsText(e.target.value)}
          />
          {preview.paramsProblem ? (
            <span className="field-error" id="field-params-error">
              {preview.paramsProblem}
            </span>
          ) : (
            <ParamsErrors error={preview.error} id="field-params-error" />
          )}
        </div>
        {preview.error instanceof ApiError && preview.error.fields.length > 0 ? null : <ErrorBox error={preview.error} />}
        {!preview.ready ? (
          <p className="muted">The preview appears once the template has a subject and HTML.</p>
        ) : !preview.rendered ? (
          !preview.error && <Loading />
        ) : (
          <>
            <p className={preview.error ? 'muted' : undefined}>
              <strong>Subject:</strong> <span data-testid="preview-subject">{preview.rendered.subject}</span>
              {preview.error ? ' (the last preview that rendered)' : ''}
            </p>
            {preview.rendered.missingVariables.length > 0 && (
              <p data-testid="missing-variables">
                <strong>Missing from the params:</strong> {preview.rendered.missingVariables.join(', ')} (shown empty; a send without them is refused)
              </p>
            )}
            <fieldset className="preview-width">
              <legend>Preview width</legend>
              {(Object.keys(WIDTHS) as Width[]).map((w) => (
                <label key={w}>
                  <input type="radio" name="preview-width" value={w} checked={width === w} onChange={() => setWidth(w)} /> {w} ({WIDTHS[w]} px)
                </label>
              ))}
            </fieldset>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: at 600 px the frame can be wider than the column, and the keyboard must reach it to scroll it (axe scrollable-region-focusable) */}
            <div className={`preview-frame preview-${width.toLowerCase()}`} data-testid="preview-frame" tabIndex={0}>
              <HtmlPreview html={preview.rendered.htmlContent} title="Preview of the HTML" />
            </div>
            <h3>Text</h3>
            {preview.rendered.textContent === null ? (
              <p className="muted">No text of its own: a send derives the text part from the HTML.</p>
            ) : (
              <pre className="text">{preview.rendered.textContent}</pre>
            )}
          </>
        )}
        {template && <TestSend template={template} paramsText={paramsText} unsaved={unsaved} />}
      </section>
    </div>
  );
}

export function Templates() {
  const paging = useKeyPages();
  const list = useLoad(() => get<ListObject<Template>>(`/notify/v1/templates${query({ pageSize: PAGE_SIZE, after: paging.after })}`), [paging.after]);
  // undefined: no editor; 'new': a template not saved yet.
  const [editing, setEditing] = useState<Template | 'new'>();
  // A new editor (fresh draft and params) only when the person opens one; saving keeps it, params and all.
  const [opened, setOpened] = useState(0);
  const open = (what: Template | 'new') => {
    setNote(undefined);
    setEditing(what);
    setOpened((n) => n + 1);
  };
  const [note, setNote] = useState<string>();
  const { error, act } = useAction();
  const remove = (t: Template) =>
    act(async () => {
      if (!window.confirm(`Delete the template ${t.name}? Sends that name it are refused from then on.`)) return;
      await api('DELETE', `/notify/v1/templates/${t.id}`);
      if (editing !== 'new' && editing?.id === t.id) setEditing(undefined);
      setNote(`Deleted ${t.name}.`);
      list.reload();
    });
  return (
    <section>
      <h1>Templates</h1>
      <p className="muted">
        Stored subjects and bodies with <code>{'{{ placeholders }}'}</code>, sent with <code>templateId</code> and <code>params</code> on{' '}
        <code>POST /notify/v1/send</code>.
      </p>
      <div className="actions">
        <button type="button" onClick={() => open('new')}>
          New template
        </button>
      </div>
      {note && (
        <p className="notice" role="status">
          {note}
        </p>
      )}
      <ErrorBox error={error ?? list.error} />
      {editing && (
        <Editor
          key={opened}
          template={editing === 'new' ? undefined : editing}
          onSaved={(saved) => {
            setNote(`Saved ${saved.name}.`);
            setEditing(saved);
            list.reload();
          }}
          onClose={() => setEditing(undefined)}
        />
      )}
      <h2>Stored templates</h2>
      {!list.data ? (
        !list.error && <Loading />
      ) : list.data.totalCount === 0 ? (
        <Empty title="No templates yet">
          Choose New template, write a subject and HTML with placeholders such as <code>{'{{ name }}'}</code>, try values in the preview, save it, then send it
          with <code>templateId</code> and <code>params</code>.
        </Empty>
      ) : (
        <>
          <Table
            label="Templates"
            columns={['Name', 'Subject', 'Variables', 'Changed', 'Actions']}
            items={list.data.items}
            rowKey={(t) => t.id}
            cells={(t) => [
              t.name,
              t.subject,
              t.variables.length ? t.variables.join(', ') : '—',
              when(t.updateTime),
              <span key="actions" className="actions">
                <button type="button" className="small" onClick={() => open(t)} aria-label={`Edit ${t.name}`}>
                  Edit
                </button>{' '}
                <button type="button" className="small danger" onClick={() => remove(t)} aria-label={`Delete ${t.name}`}>
                  Delete
                </button>
              </span>,
            ]}
          />
          <Pager paging={paging} items={list.data.items} pageSize={PAGE_SIZE} />
        </>
      )}
    </section>
  );
}
