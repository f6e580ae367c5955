/**
 * The marketing area (`/inbox/v1`, the original service's marketing API; see
 * shared/spec/compat-reference.md §2.3): contacts, lists, groups, custom fields, segments,
 * marketing senders, forms, newsletters and campaigns. Empty for now: the area exists so
 * that its first noun has a place, and its routes are already closed to any credential
 * without the `marketing` scope (http/scopes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area.js';

// biome-ignore lint/suspicious/noEmptyInterface: the area's first service is added here.
export interface MarketingServices {}

export function createMarketingServices(_context: AreaContext): MarketingServices {
  return {};
}

/** Routes inside the authenticated scope; none yet. */
export function registerMarketingRoutes(_scope: FastifyInstance, _services: MarketingServices): void {}
