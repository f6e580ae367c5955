/**
 * The links only a recipient's own copy can carry: its unsubscribe page and its web version.
 * A campaign's content puts a mark where one goes (`{{ unsubscribe_url }}`, `#unsubscribe#`,
 * `{{ webversion_url }}`, `#webversion#`); the copy is composed with the recipient's signed
 * link there (delivery/compose.ts), and the web-version page fills them the same way. The
 * mark is no http URL, so click tracking leaves it alone, and nothing in it is escaped in HTML.
 */
export const COPY_LINK = { unsubscribe: 'postwire-link:unsubscribe', webversion: 'postwire-link:webversion' } as const;

const MARK = /postwire-link:(unsubscribe|webversion)/g;

export function hasCopyLinks(text: string | null | undefined): boolean {
  return typeof text === 'string' && text.includes('postwire-link:');
}

/** `text` with each mark replaced by the recipient's link (an empty one leaves the attribute empty). */
export function fillCopyLinks(text: string, links: { unsubscribe: string; webversion: string }): string {
  return text.replace(MARK, (_whole, kind: 'unsubscribe' | 'webversion') => links[kind]);
}
