/**
 * Where a worker thread's code is, whether this process runs the compiled program or the
 * TypeScript sources.
 *
 * The server, the CLI and the tests run the compiled JavaScript in dist/ (`npm install`
 * builds it): a thread then loads the `.js` sibling of its entry directly, with no loader.
 * A benchmark or a script run with `node --import tsx` runs the sources: a worker thread
 * does not inherit the main thread's loader, so the thread starts at thread-boot.mjs, which
 * registers tsx and then imports the `.ts` entry. `new URL('./x.ts', import.meta.url)` is
 * not an import, so the compiler's extension rewriting does not reach it: this decides.
 */

export interface ThreadEntry {
  /** The file `new Worker()` starts. */
  script: URL;
  /** The entry module's URL, which thread-boot.mjs imports (unused when compiled). */
  entry: string;
}

/** `source` is the entry's `.ts` URL next to the caller; `callerUrl` is the caller's `import.meta.url`. */
export function threadEntry(source: URL, callerUrl: string): ThreadEntry {
  if (callerUrl.endsWith('.ts')) return { script: new URL('./thread-boot.mjs', import.meta.url), entry: source.href };
  const compiled = new URL(source.href.replace(/\.ts$/, '.js'));
  return { script: compiled, entry: compiled.href };
}
