import { Hono } from 'hono';
import type { Context } from 'hono';
import { AUDIT_CSV_COLUMNS, AUDIT_CSV_PATH, auditFilterQuery, auditPageRoute } from '../../contract/audit.js';
import { answerOf } from '../../contract/route.js';
import { auditActionName } from '../../texts/audit.js';
import { parseQuery } from '../http/validate.js';
import type { AppEnv } from '../http/app-env.js';
import { csvCell } from '../leads/index.js';
import { describer, personOf, type AuditNames, type DescribedRecord } from './describe.js';
import type { AuditFilter, AuditRecord, AuditStore } from './store.js';
import { trustedTrail } from './trusted.js';

/** A CSV row: the record as written (its codes and MAC), then the same in words, and whether it verifies. */
const row = (r: AuditRecord, d: DescribedRecord, through: number) =>
  `${[String(r.seq), r.at, r.actorLabel || '(unknown)', r.address, r.action, r.object, r.city, String(r.outcome), r.mac, d.person, d.words, d.cityName, d.messages.join(' '), r.seq >= 1 && r.seq <= through ? 'yes' : 'no'].map(csvCell).join(',')}\r\n`;

/**
 * The trail for owners (auth/permissions.ts): a page of it with its filters, and the CSV of a
 * filter. Both read each record for people (describe.ts): names, the city's name, the messages'
 * short references and the action in words, beside the codes. The page holds only records that
 * verify under the chain's key (trusted.ts) and says where the trail breaks; the CSV keeps every
 * record, marking which verify.
 */
export function auditRoutes(store: AuditStore, now: () => Date, names: AuditNames, key: Buffer): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const trusted = trustedTrail(store, key);
  /** The query as a filter and a page, or the 400 naming each field at fault. */
  const parse = (c: Context<AppEnv>) => {
    const q = parseQuery(c, auditFilterQuery);
    if (!q.ok) return q;
    const { actor, action, city, from, to, page, pageSize } = q.value;
    const filter: AuditFilter = { actorId: actor || undefined, action: action || undefined, city: city || undefined, from, to };
    return { ok: true as const, filter, page, pageSize };
  };

  app.get(auditPageRoute.path, async (c) => {
    const q = parse(c);
    if (!q.ok) return q.response;
    const trail = await trusted.check();
    const [{ records, total }, facets, read] = await Promise.all([store.page({ ...q.filter, through: trail.through }, q.page, q.pageSize), store.facets(trail.through), describer(names)]);
    return c.json(
      answerOf(auditPageRoute, {
        success: true,
        records: await read.describe(records),
        total,
        page: q.page,
        pageSize: q.pageSize,
        actions: facets.actions,
        actionNames: Object.fromEntries(facets.actions.map((a) => [a, auditActionName(a)])),
        actors: facets.actors.map((a) => ({ ...a, name: personOf({ actorId: a.id, actorLabel: a.label }, read.people) })),
        cities: await Promise.all(facets.cities.map(async (slug) => ({ slug, name: await read.cityName(slug) }))),
        trail: { verified: trail.through, ...(trail.broken ? { broken: trail.broken } : {}) },
      }),
    );
  });

  app.get(AUDIT_CSV_PATH, async (c) => {
    const q = parse(c);
    if (!q.ok) return q.response;
    const [read, checked] = await Promise.all([describer(names), trusted.check()]);
    let trail = checked;
    const chunks = store.each(q.filter)[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    let head = `\uFEFF${AUDIT_CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        let text = head;
        if (!next.done) {
          const described = await read.describe(next.value);
          // Records appended since the check are verified before they are marked.
          if (!trail.broken && next.value.some((r) => r.seq > trail.through)) trail = await trusted.check();
          text += next.value.map((r, i) => row(r, described[i]!, trail.through)).join('');
        }
        head = '';
        if (text) controller.enqueue(encoder.encode(text));
        if (next.done) controller.close();
      },
    });
    return c.body(stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="audit-${now().toISOString().slice(0, 10)}.csv"`,
    });
  });
  return app;
}
