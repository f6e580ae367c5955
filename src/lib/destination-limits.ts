/** A destination's delivery ceiling (DESTINATION_LIMITS; delivery/transports/pacing.ts applies it). */
export interface PaceLimits {
  /** Deliveries in flight at once. */
  concurrency: number;
  /** Deliveries started per second; 0: no rate limit. */
  perSecond: number;
}

/**
 * DESTINATION_LIMITS entries: `key=concurrency/perSecond` (perSecond 0 or absent: no rate),
 * e.g. `google.com=10/20`, `outlook.com=5`. Returns the map, or the first entry's problem.
 */
export function parseDestinationLimits(entries: readonly string[]): ReadonlyMap<string, PaceLimits> | string {
  const limits = new Map<string, PaceLimits>();
  for (const entry of entries) {
    const match = /^([^=\s]+)=(\d+)(?:\/(\d+(?:\.\d+)?))?$/.exec(entry.trim());
    if (!match || Number(match[2]) < 1) return `"${entry}" is not key=concurrency/perSecond (concurrency ≥ 1), e.g. google.com=10/20`;
    limits.set(match[1]!.toLowerCase(), { concurrency: Number(match[2]), perSecond: Number(match[3] ?? 0) });
  }
  return limits;
}
