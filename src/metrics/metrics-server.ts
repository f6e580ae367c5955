/**
 * The metrics of a process without the HTTP API (`postwire worker`), or of any process that
 * should expose them on a port of their own: METRICS_PORT. A bare node:http server with
 * one path; it answers as GET /metrics of the API does (same token rule, same envelope on
 * refusal), so one scrape configuration fits both.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import { failure } from '../http/envelope.js';
import { scrapeAllowed, type Metrics } from './metrics.js';

export interface MetricsServer {
  /** http://host:port of the server (with the real port when METRICS_PORT is 0). */
  url: string;
  close(): Promise<void>;
}

function sendEnvelope(response: http.ServerResponse, error: AppError): void {
  response.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', ...error.headers });
  response.end(JSON.stringify(failure(error.status, error.message)));
}

export async function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number; token: string | undefined },
  log: Logger,
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') return sendEnvelope(response, AppError.notFound(`${request.method} ${path}`));
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendEnvelope(response, new AppError('method_not_allowed', 'Only GET /metrics is served here.', { headers: { allow: 'GET, HEAD' } }));
    if (!scrapeAllowed(request.headers.authorization, options.token))
      return sendEnvelope(response, AppError.unauthorized('Scraping needs Authorization: Bearer <METRICS_TOKEN>.'));
    metrics.scrape().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        log.error({ err: error }, 'metrics scrape failed');
        sendEnvelope(response, error instanceof AppError ? error : new AppError('internal', 'The metrics could not be read.'));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's keep-alive connection would hold close() open until it times out.
        server.closeIdleConnections();
      }),
  };
}
