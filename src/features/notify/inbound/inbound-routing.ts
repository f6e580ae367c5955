/**
 * Which route a recipient's local part takes. A pattern is a local part, lowercase, in
 * which `*` stands for any run of characters (none included): `support` matches only
 * itself, `reply+*` every reply address, `*` everything (the catch-all).
 *
 * Most specific wins: an exact pattern before any with a wildcard, then the pattern with
 * more literal characters (`reply+ticket-*` before `reply+*`), then the oldest route, so
 * the choice never depends on the order rows come back in.
 */

/** Characters a pattern may hold: a local part's dot-atom characters, and `*`. */
const PATTERN = /^[a-z0-9!#$%&'+\-/=?^_`{|}~.*]+$/;

/** Why the pattern is not usable, or undefined. */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.length === 0) return 'must not be empty (use * for a catch-all)';
  if (pattern.length > 64) return 'must be at most 64 characters (the longest local part)';
  if (pattern.includes('@')) return 'must be the local part only (before the @), like support or reply+*';
  if (!PATTERN.test(pattern)) return 'may hold only letters, digits, the characters a local part may hold and *';
  if (pattern.includes('**')) return 'must not hold ** (one * already matches any run of characters)';
  return undefined;
}

/** The pattern as stored: trimmed, lowercase. */
export function normalizePattern(pattern: string): string {
  return pattern.trim().toLowerCase();
}

/** Literal characters of a pattern; an exact pattern ranks above every wildcard pattern. */
export function specificity(pattern: string): number {
  const literal = pattern.replaceAll('*', '').length;
  return pattern.includes('*') ? literal : 1000 + literal;
}

/** True when the local part (any case) matches the pattern. */
export function matchesPattern(pattern: string, localPart: string): boolean {
  const local = localPart.toLowerCase();
  const pieces = pattern.split('*');
  if (pieces.length === 1) return local === pattern;
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (local.length < first.length + last.length || !local.startsWith(first) || !local.endsWith(last)) return false;
  // The middle pieces in order, each as early as it fits: greedy-left matching is exact for `*` alone.
  let at = first.length;
  const end = local.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = local.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

/** The route a local part takes among a domain's routes, or undefined when none matches. */
export function pickRoute<R extends { id: string; pattern: string }>(routes: readonly R[], localPart: string): R | undefined {
  let best: R | undefined;
  for (const route of routes) {
    if (!matchesPattern(route.pattern, localPart)) continue;
    if (!best) best = route;
    else {
      const rank = specificity(route.pattern) - specificity(best.pattern);
      // Ids are time-ordered: the smaller one is the older route.
      if (rank > 0 || (rank === 0 && route.id < best.id)) best = route;
    }
  }
  return best;
}

/** An address split at its last @, the domain lowercase without a trailing dot; undefined when it has no @. */
export function splitAddress(address: string): { localPart: string; domain: string } | undefined {
  const text = address.trim().replace(/^<|>$/g, '');
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return undefined;
  return {
    localPart: text.slice(0, at),
    domain: text
      .slice(at + 1)
      .toLowerCase()
      .replace(/\.$/, ''),
  };
}
