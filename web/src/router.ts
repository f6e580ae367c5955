/** A small history router: paths under /app, links that do not reload the page. */
import { useEffect, useState } from 'react';

export const BASE = '/app';

export function navigate(to: string): void {
  window.history.pushState(null, '', BASE + to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** The path below /app ("/" for the overview). */
const read = () => window.location.pathname.slice(BASE.length) || '/';

export function usePath(): string {
  const [path, setPath] = useState(read);
  useEffect(() => {
    const update = () => setPath(read());
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return path;
}
