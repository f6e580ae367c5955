/**
 * GET /metrics: Prometheus text exposition, outside the envelope (Prometheus reads this
 * format and no other). A refused scrape is an ordinary failure and gets the envelope.
 *
 * On the API port every endpoint needs a Bearer credential (the specification's rule), and
 * the metrics describe the whole installation, not one account: so only METRICS_TOKEN opens
 * it, and without one it stays shut. METRICS_PORT (metrics-server.ts, bound to localhost by
 * default) is the place for a token-less scrape.
 */
import type { TypedApp } from '../http/typed-app.js';
import { AppError } from '../errors.js';
import { ErrorEnvelopeSchema } from '../http/envelope.js';
import { scrapeAllowed, type Metrics } from './metrics.js';

const EXAMPLE = [
  '# HELP postwire_deliveries_total Delivery outcomes recorded by this process, by the state they left the recipient in (…).',
  '# TYPE postwire_deliveries_total counter',
  'postwire_deliveries_total{outcome="delivered"} 1042',
  'postwire_deliveries_total{outcome="deferred"} 3',
  '# HELP postwire_queue_oldest_due_age_seconds How long the longest-waiting due job has been due (0 when none is); the whole installation.',
  '# TYPE postwire_queue_oldest_due_age_seconds gauge',
  'postwire_queue_oldest_due_age_seconds 0.42',
].join('\n');

export function registerMetricsRoutes(app: TypedApp, metrics: Metrics, token: string | undefined): void {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Prometheus metrics of this process and of the delivery queue',
        description:
          'Prometheus text format 0.0.4, not the envelope. Counters and histograms count what this process did (scrape every process); ' +
          'the postwire_queue_* gauges are read from the database and are the same in every process. ' +
          'Requires Authorization: Bearer <METRICS_TOKEN>; without METRICS_TOKEN configured it answers 401 (scrape METRICS_PORT instead). See docs/operations.md.',
        security: [{ bearerAuth: [] }],
        produces: ['text/plain'],
        response: {
          200: { type: 'string', description: 'Prometheus text exposition format.', examples: [EXAMPLE] },
          401: ErrorEnvelopeSchema,
          503: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (token === undefined) {
        throw AppError.unauthorized(
          'GET /metrics on the API needs METRICS_TOKEN to be configured (then Authorization: Bearer <METRICS_TOKEN>); or scrape the METRICS_PORT listener.',
        );
      }
      if (!scrapeAllowed(request.headers.authorization, token)) throw AppError.unauthorized('Scraping needs Authorization: Bearer <METRICS_TOKEN>.');
      const text = await metrics.scrape();
      return reply.type(metrics.contentType).send(text);
    },
  );
}
