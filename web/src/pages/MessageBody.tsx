/**
 * A message's HTML, shown as its recipient would see it but unable to act: a `srcdoc`
 * frame with an empty sandbox (no scripts, no forms, no top navigation, an opaque origin
 * that cannot read the dashboard or its token), under the page's CSP, which also keeps
 * remote images (trackers) from loading. Links open nowhere.
 */
export function HtmlPreview({ html, title }: { html: string; title: string }) {
  return <iframe className="preview" title={title} sandbox="" srcDoc={html} referrerPolicy="no-referrer" />;
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
