/** What the server counts (GET /metrics) and its access log (issue 26). */
export { createMetrics, type Metrics } from './registry.js';
export { observe, network } from './observe.js';
export { metricsRoutes, isScraper } from './routes.js';
export { setPlaintextMessages, setUnreadableValues } from './data-gauges.js';
