import { randomUUID } from 'node:crypto';
import { clinicConfigSchema, type ClinicConfig } from '../config/schema.js';
import type { AddResult, MessageStore, NewMessage, StoredMessage } from './store/types.js';

/**
 * Test doubles shared by the server's route tests and integration tests. Not imported by
 * production code.
 */

/** A valid clinic config with the sample clinic's address and example.com contact data. */
export function testConfig(overrides: Record<string, unknown> = {}): ClinicConfig {
  return clinicConfigSchema.parse({
    businessName: 'Summit Men’s Health',
    city: 'Wesley Chapel',
    state: 'FL',
    address: '5950 Newberry Pines Avenue',
    zipCode: '33545',
    phone: '(813) 555-0142',
    email: 'hello@example.com',
    domainName: 'wesley-chapel.example.com',
    ...overrides,
  });
}

/** A hand-made site with the shapes renderSite produces. */
export const TEST_FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Home</title><a href="trt-therapy/">TRT</a>',
  'trt-therapy/index.html': '<!doctype html><title>TRT Therapy</title><a href="../about/">About</a>',
  'about/index.html': '<!doctype html><title>About</title>',
  'contact/index.html': '<!doctype html><title>Contact</title>',
  '404.html': '<!doctype html><title>Page not found</title><h1>Page Not Found</h1>',
  'sitemap.xml': '<?xml version="1.0" encoding="UTF-8"?><urlset></urlset>',
  'robots.txt': 'User-agent: *\nAllow: /\n',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  'assets/site.3f9a1c2b.css': 'body{margin:0}',
  'assets/contact.9e8d7c6b.js': 'console.log(1)',
};

/** A MessageStore in memory, for route tests that do not need SQLite. */
export function memoryStore(): MessageStore & { rows: StoredMessage[] } {
  const rows: StoredMessage[] = [];
  const keys = new Map<string, string>();
  return {
    rows,
    async add(message: NewMessage, key?: string): Promise<AddResult> {
      const existing = key ? keys.get(key) : undefined;
      if (existing) return { id: existing, duplicate: true };
      const id = randomUUID();
      rows.push({ ...message, id });
      if (key) keys.set(key, id);
      return { id, duplicate: false };
    },
    list(page, pageSize) {
      const newest = [...rows].reverse();
      return { messages: newest.slice((page - 1) * pageSize, page * pageSize), total: rows.length };
    },
    all: () => [...rows],
  };
}

/** The `env` argument of app.request() that makes a request look like it came from `address`. */
export function fromAddress(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: address.includes(':') ? 'IPv6' : 'IPv4' } } };
}

/** A valid contact message body. */
export function validMessage(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Jordan',
    lastName: 'Rivera',
    email: 'jordan@example.com',
    phone: '(813) 555-0100',
    service: 'TRT Therapy',
    message: 'I would like to book a consultation next week.',
    ...overrides,
  };
}

/** `Authorization` header value for Basic auth. */
export function basic(password: string, user = 'admin'): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
