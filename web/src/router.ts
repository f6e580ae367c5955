/** A small history router: paths under /app, links that do not reload the page. */
import { startTransition, useEffect, useState } from 'react';

export const BASE = '/app';

export function navigate(to: string): void {
  window.history.pushState(null, '', BASE + to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** The path below /app ("/" for the overview). */
export const currentPath = () => window.location.pathname.slice(BASE.length) || '/';

export function usePath(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    // A transition: while the next page's chunk is still on its way, the current page stays on screen instead of a fallback.
    const update = () => startTransition(() => setPath(currentPath()));
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return path;
}
