/** What every page shares: loading a resource, errors as the API words them, empty states, copy buttons. */
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from './api';
import { BASE, navigate } from './router';

export function useLoad<T>(load: () => Promise<T>, deps: unknown[], refreshMs?: number) {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  const run = useCallback(load, deps);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tick (reload, polling) loads again
  useEffect(() => {
    let live = true;
    run().then(
      (value) => {
        if (!live) return;
        setData(value);
        setError(undefined);
      },
      (failure) => {
        if (live) setError(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [run, tick]);
  useEffect(() => {
    if (!refreshMs) return;
    const timer = setInterval(() => setTick((t) => t + 1), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  return { data, error, reload: () => setTick((t) => t + 1) };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function ErrorBox({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className="error" role="alert">
      {messageOf(error)}
    </div>
  );
}

/** A form field whose error is the API's message for that field. */
export function Field(props: {
  label: string;
  name: string;
  error: unknown;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  placeholder?: string;
  required?: boolean;
  autoComplete?: string;
}) {
  // Unique per instance: a page may hold the same form twice (a route form on each domain card).
  const id = `field-${props.name}${useId()}`;
  const message = fieldMessage(props.error, props.name);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        placeholder={props.placeholder}
        required={props.required}
        autoComplete={props.autoComplete}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldError error={props.error} name={props.name} id={`${id}-error`} />
    </div>
  );
}

/** The API's message for a field (the first of `names` it named), if the error is the API's. */
export function fieldMessage(error: unknown, ...names: string[]): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  for (const name of names) {
    const message = error.forField(name);
    if (message) return `${name}: ${message}`;
  }
  return undefined;
}

/** The API's message for a field, under a control that is not a text input (a select, a textarea, a group of boxes). */
export function FieldError({ error, name, id, also = [] }: { error: unknown; name: string; id?: string; also?: string[] }) {
  const message = fieldMessage(error, name, ...also);
  if (!message) return null;
  return (
    <span className="field-error" id={id}>
      {message}
    </span>
  );
}

/**
 * A group of boxes to tick, one form field (`name`) with a box per option: a fieldset named by
 * its legend, so a screen reader announces the group with each box, and the API's message for
 * the field under the boxes, which the group names as its description.
 */
export function CheckGroup<T extends string>(props: {
  legend: string;
  name: string;
  options: readonly T[];
  /** A few words after an option, when its name alone does not say enough. */
  hints?: Readonly<Partial<Record<T, string>>>;
  checked: readonly T[];
  onChange: (checked: T[]) => void;
  error?: unknown;
}) {
  const errorId = `field-${props.name}${useId()}-error`;
  const message = fieldMessage(props.error, props.name);
  return (
    <fieldset aria-describedby={message ? errorId : undefined}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => {
        const hint = props.hints?.[option];
        return (
          <label key={option} className="check">
            <input
              type="checkbox"
              name={props.name}
              value={option}
              checked={props.checked.includes(option)}
              onChange={(e) => props.onChange(e.target.checked ? [...props.checked, option] : props.checked.filter((o) => o !== option))}
            />
            {option}
            {hint && (
              <>
                {' '}
                <span className="muted">({hint})</span>
              </>
            )}
          </label>
        );
      })}
      <FieldError error={props.error} name={props.name} id={errorId} />
    </fieldset>
  );
}

export function Empty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="empty">
      <h3>{title}</h3>
      <p>{children}</p>
    </div>
  );
}

/** A figure with its label, as on the overview and a campaign's page. */
export function Card({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="card">
      <span className="card-label">{label}</span>
      <span className="card-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/**
 * Keyset paging as the API offers it (`after` = the last id of the page before): the ids
 * that started each page so far, so "Newer" goes back without the API paging backwards.
 */
export function useKeyPages() {
  const [pages, setPages] = useState<string[]>([]);
  return { pages, setPages, after: pages.at(-1), reset: () => setPages([]) };
}

export function Pager({ paging, items, pageSize }: { paging: ReturnType<typeof useKeyPages>; items: { id: string }[]; pageSize: number }) {
  const { pages, setPages } = paging;
  // One page only: no buttons that can do nothing.
  if (pages.length === 0 && items.length < pageSize) return null;
  return (
    <div className="pager">
      <button type="button" disabled={pages.length === 0} onClick={() => setPages(pages.slice(0, -1))}>
        Newer
      </button>
      <button type="button" disabled={items.length < pageSize} onClick={() => setPages([...pages, items.at(-1)!.id])}>
        Older
      </button>
    </div>
  );
}

/** A list as a table: a header row of `columns`, then one row of `cells` an item. */
export function Table<T>(props: { label?: string; columns: string[]; items: T[]; rowKey: (item: T) => string; cells: (item: T) => ReactNode[] }) {
  return (
    <TableScroll>
      <table className="list" aria-label={props.label}>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.items.map((item) => (
            <tr key={props.rowKey(item)}>
              {props.cells(item).map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in their order
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * A wide table scrolls inside this box on a narrow screen rather than widening the page. The
 * box takes the focus, so the keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1)
    <div className="table-scroll" tabIndex={0}>
      {children}
    </div>
  );
}

export function Loading() {
  return <p className="muted">Loading…</p>;
}

export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <a
      href={BASE + to}
      className={className}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="small"
      aria-label={label}
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setDone(true);
        setTimeout(() => setDone(false), 1500);
      }}
    >
      {done ? 'Copied' : 'Copy'}
    </button>
  );
}

export function when(iso: string | null | undefined): string {
  if (!iso || iso.startsWith('0001-')) return '—';
  return new Date(iso).toLocaleString();
}

export function State({ state }: { state: string }) {
  return <span className={`state state-${state}`}>{state}</span>;
}

/** Tabs as buttons with the ARIA tab roles. */
export function Tabs<T extends string>({ tabs, current, onChange, label }: { tabs: readonly T[]; current: T; onChange: (tab: T) => void; label: string }) {
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((tab) => (
        <button key={tab} type="button" role="tab" aria-selected={tab === current} onClick={() => onChange(tab)}>
          {tab}
        </button>
      ))}
    </div>
  );
}

/**
 * A form's action: runs `work`, keeping the API's failure (for ErrorBox and the fields) until
 * the next action starts.
 */
export function useAction() {
  const [error, setError] = useState<unknown>();
  const act = async (work: () => Promise<void>) => {
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(failure);
    }
  };
  return { error, act };
}

/** A secret the API answers only once (a new key, a signing secret, a generated password), with a copy button, until it is put away. */
export function ShownOnce(props: { children: ReactNode; value: string; testId: string; copyLabel: string; doneLabel: string; onDone: () => void }) {
  return (
    <div className="notice" role="status">
      <p>{props.children}</p>
      <p>
        <code data-testid={props.testId}>{props.value}</code> <CopyButton text={props.value} label={props.copyLabel} />
      </p>
      <button type="button" className="small" onClick={props.onDone}>
        {props.doneLabel}
      </button>
    </div>
  );
}

/**
 * A question before an action that changes many things or cannot be undone: a modal
 * <dialog> (focus moves into it, Escape cancels), naming what will happen and how many.
 */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The way out; "Cancel" unless the page says otherwise. */
  cancelLabel?: string;
  danger?: boolean;
  /** While the action runs: its button is disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <div>{props.children}</div>
      <div className="actions">
        <button type="button" className={props.danger ? 'danger' : undefined} disabled={props.busy} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
        <button type="button" className="small" onClick={props.onCancel}>
          {props.cancelLabel ?? 'Cancel'}
        </button>
      </div>
    </dialog>
  );
}
