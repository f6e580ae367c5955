/**
 * Things built on their first use, with a way to build the rest on demand.
 *
 * The app's validators (validation.ts) and serializers (serialization.ts) are compiled when a
 * route first needs them, not when the app is built: compiling all of them was most of building
 * the app, and most processes (a CLI command, a test file) call a handful of the 225 routes.
 * The cost of that laziness is that a schema which cannot be compiled fails its route's first
 * request instead of the start; `buildPending()` lets a test compile every one, so such a schema
 * still fails the suite (test/http/schemas-compile.test.ts).
 *
 * A build that throws stays pending and is tried again on the next use.
 */
export class FirstUse<T> {
  readonly #pending = new Set<() => T>();

  /** A getter that builds on its first call and returns the same result from then on. */
  defer(build: () => T): () => T {
    let built: { value: T } | undefined;
    const get = (): T => {
      if (built) return built.value;
      built = { value: build() };
      this.#pending.delete(get);
      return built.value;
    };
    this.#pending.add(get);
    return get;
  }

  /** Builds every one not built yet; how many that was. */
  buildPending(): number {
    const pending = [...this.#pending];
    for (const get of pending) get();
    return pending.length;
  }
}
