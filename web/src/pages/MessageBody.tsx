import { type ReactNode, useState } from 'react';
import { apiDownload } from '../api';
import { ErrorBox } from '../ui';

/**
 * A message's HTML, shown as its recipient would see it but unable to act: a `srcdoc`
 * frame with an empty sandbox (no scripts, no forms, no top navigation, an opaque origin
 * that cannot read the dashboard or its token), under the page's CSP, which also keeps
 * remote images (trackers) from loading. Links open nowhere.
 */
export function HtmlPreview({ html, title }: { html: string; title: string }) {
  return <iframe className="preview" title={title} sandbox="" srcDoc={html} referrerPolicy="no-referrer" />;
}

/** A message's text or raw source: its long lines scroll, so the keyboard must reach it to scroll them. */
export function Source({ kind, children }: { kind: 'text' | 'raw'; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached with the keyboard to scroll it (axe scrollable-region-focusable)
    <pre className={kind} tabIndex={0}>
      {children}
    </pre>
  );
}

/** Header lines of a MIME message, unfolded, in order. */
export function parseHeaders(raw: string): { name: string; value: string }[] {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  return block
    .split(/\r?\n/)
    .filter((line) => line.includes(':'))
    .map((line) => ({ name: line.slice(0, line.indexOf(':')), value: line.slice(line.indexOf(':') + 1).trim() }));
}

export function HeaderTable({ headers }: { headers: { name: string; value: string }[] }) {
  return (
    <table className="headers">
      <caption className="sr-only">Message headers</caption>
      <tbody>
        {headers.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: header names repeat (Received), the order is the identity
          <tr key={i}>
            <th scope="row">{h.name}</th>
            <td>{h.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A message's attachments as download buttons (apiDownload: the token cannot ride on a plain link). */
export function Attachments({ files, pathOf }: { files: { filename: string; contentType: string; size: number }[]; pathOf: (index: number) => string }) {
  const [error, setError] = useState<unknown>();
  const download = async (index: number, filename: string) => {
    setError(undefined);
    try {
      await apiDownload(pathOf(index), filename || 'attachment');
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <>
      <ul className="attachments" aria-label="Attachments">
        {files.map((file, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is what the API names an attachment by
          <li key={index}>
            <button type="button" className="small" onClick={() => download(index, file.filename)}>
              Download {file.filename || 'attachment'}
            </button>{' '}
            <span className="muted">
              {file.contentType}, {file.size} bytes
            </span>
          </li>
        ))}
      </ul>
      <ErrorBox error={error} />
    </>
  );
}
