import { notFound, unauthorized } from '../../lib/errors';
import { bearerMatches, type Metrics } from '../../lib/metrics';
import type { App } from '../../lib/types';

const METRICS_PATH = '/metrics';

/**
 * `GET /metrics` in Prometheus's text format, for a scraper holding `METRICS_TOKEN`, and the hook
 * that times every other request. Without `METRICS_TOKEN` the path answers a JSON 404 and no
 * request is timed. Called on the root app (not as an
 * encapsulated plugin) so its hook sees every route.
 */
export function registerMetrics(app: App, metrics: Metrics | null): void {
  const token = app.config.metricsToken;
  if (!metrics || !token) {
    // Answered here rather than by the web app's fallback, which would serve a page.
    app.get(METRICS_PATH, { schema: { hide: true } }, async () => {
      throw notFound(`No route GET ${METRICS_PATH}`);
    });
    return;
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    // The scrape itself is not a request of the service; unmatched paths share one label.
    if (route === METRICS_PATH) return;
    metrics.request(
      request.method,
      route ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  app.route({
    method: 'GET',
    url: METRICS_PATH,
    schema: { hide: true },
    // Scrapers expect plain text; a compressed body would only cost CPU on both sides.
    compress: false,
    handler: async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token))
        throw unauthorized('Metrics need the bearer token set in METRICS_TOKEN');
      const { contentType, body } = await metrics.text();
      return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
    },
  });
}
