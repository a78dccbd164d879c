/** Rate limits: counts per key and window, in memory or shared through PostgreSQL. */
export { memoryRateCounters, type RateCounters, type RateLimiter, type RateVerdict } from './store.js';
