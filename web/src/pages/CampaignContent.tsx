/**
 * A campaign's content: written in the editor (TipTap, its own chunk) or as HTML source, with
 * placeholders inserted from a menu of the account's fields, started from a saved newsletter
 * or saved as one.
 */
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { api, get, type ItemOf, type ListObject } from '../api';
import { ErrorBox, FieldError, Loading, useLoad } from '../ui';
import type { RichEditorHandle } from './RichEditor';

const RichEditor = lazy(() => import('./RichEditor'));

type CustomField = ItemOf<'/inbox/v1/customfields'>;
type Newsletter = ItemOf<'/inbox/v1/newsletters'>;

/** The key a field's name is written with in a placeholder (the server's placeholderKey: "First name" is #first_name#). */
export const placeholderKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');

/** What every campaign can use besides the account's fields. */
const BUILT_IN = [
  ['#email#', "The contact's address"],
  ['#unsubscribe#', 'Unsubscribe link'],
  ['#webversion#', 'View in browser link'],
] as const;

export function CampaignContent(props: {
  subject: string;
  language: string;
  html: string;
  onChange: (html: string) => void;
  onStartFrom: (newsletter: Newsletter) => void;
  error: unknown;
}) {
  const { html, onChange, error } = props;
  const [mode, setMode] = useState<'editor' | 'source'>('editor');
  // A new value from outside the editor (a newsletter started from) remounts it with that content.
  const [version, setVersion] = useState(0);
  const editor = useRef<RichEditorHandle>(undefined);
  const source = useRef<HTMLTextAreaElement>(null);
  const labelId = useId();
  const fields = useLoad(() => get<ListObject<CustomField>>('/inbox/v1/customfields?pageSize=500'), []);
  const newsletters = useLoad(() => get<ListObject<Newsletter>>('/inbox/v1/newsletters?pageSize=500'), []);
  const [placeholder, setPlaceholder] = useState('#email#');
  const [startFrom, setStartFrom] = useState('');
  const [saved, setSaved] = useState<string>();
  const [saveError, setSaveError] = useState<unknown>();
  const onReady = useCallback((handle: RichEditorHandle) => {
    editor.current = handle;
  }, []);

  const insert = () => {
    if (mode === 'editor') return editor.current?.insert(placeholder);
    const area = source.current;
    const at = area ? area.selectionStart : html.length;
    const end = area ? area.selectionEnd : html.length;
    onChange(html.slice(0, at) + placeholder + html.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + placeholder.length, at + placeholder.length);
    });
  };
  const start = () => {
    const chosen = newsletters.data?.items.find((n) => n.id === startFrom);
    if (!chosen) return;
    props.onStartFrom(chosen);
    setVersion((v) => v + 1);
  };
  const saveAsNewsletter = async () => {
    setSaved(undefined);
    setSaveError(undefined);
    try {
      await api('POST', '/inbox/v1/newsletters', { subject: props.subject, language: props.language, htmlContent: html });
      setSaved(props.subject);
      newsletters.reload();
    } catch (failure) {
      setSaveError(failure);
    }
  };

  return (
    <div className="campaign-content">
      {newsletters.data && newsletters.data.items.length > 0 && (
        <div className="inline-row">
          <div className="field">
            <label htmlFor="start-from">Start from a saved newsletter</label>
            <select id="start-from" value={startFrom} onChange={(e) => setStartFrom(e.target.value)}>
              <option value="">Choose one</option>
              {newsletters.data.items.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.subject}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="small" onClick={start} disabled={!startFrom}>
            Use it
          </button>
        </div>
      )}
      <fieldset className="mode">
        <legend>Edit as</legend>
        <label className="check">
          <input type="radio" name="content-mode" checked={mode === 'editor'} onChange={() => setMode('editor')} /> Editor
        </label>
        <label className="check">
          <input type="radio" name="content-mode" checked={mode === 'source'} onChange={() => setMode('source')} /> HTML source
        </label>
      </fieldset>
      <div className="inline-row">
        <div className="field">
          <label htmlFor="placeholder-menu">Placeholder</label>
          <select id="placeholder-menu" value={placeholder} onChange={(e) => setPlaceholder(e.target.value)}>
            {BUILT_IN.map(([value, label]) => (
              <option key={value} value={value}>
                {label} ({value})
              </option>
            ))}
            {fields.data?.items.map((f) => {
              const value = `#${placeholderKey(f.name)}#`;
              return (
                <option key={f.id} value={value}>
                  {f.name} ({value})
                </option>
              );
            })}
          </select>
        </div>
        <button type="button" className="small" onClick={insert}>
          Insert placeholder
        </button>
      </div>
      {mode === 'editor' ? (
        <div className="field">
          <span className="label" id={labelId}>
            Content (placeholders such as #email# are filled per contact)
          </span>
          <Suspense fallback={<Loading />}>
            <RichEditor key={version} html={html} onChange={onChange} onReady={onReady} labelId={labelId} />
          </Suspense>
        </div>
      ) : (
        <div className="field">
          <label htmlFor="campaign-html">HTML (placeholders such as #email# are filled per contact)</label>
          <textarea id="campaign-html" ref={source} rows={12} value={html} onChange={(e) => onChange(e.target.value)} required />
        </div>
      )}
      <FieldError error={error} name="htmlContent" />
      <p className="muted">
        The editor keeps headings, paragraphs, lists, links, bold and italic; other HTML (tables, styles) stays only if you write it in the source and do not
        switch back to the editor.
      </p>
      <button type="button" className="small" onClick={saveAsNewsletter} disabled={!html || !props.subject}>
        Save as a newsletter to start from
      </button>
      {saved && (
        <p role="status" className="muted">
          Saved “{saved}” as a newsletter.
        </p>
      )}
      <ErrorBox error={saveError} />
    </div>
  );
}
