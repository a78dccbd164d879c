import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from './cli.js';
import { ROOT } from './site.js';

/** The build instant of the fixture: a week before Thanksgiving 2026, so its closure is ahead. */
export const FIXTURE_EPOCH = String(Date.parse('2026-11-20T12:00:00Z') / 1000);

/**
 * Orlando as a city using every field of issue 23: its number written as 727-555-0199, every
 * service on (every page there is), special hours ahead, a booking page, the facts patients scan
 * for and its own questions. Built with the real CLI, as of FIXTURE_EPOCH; returns the site folder.
 */
export function buildVisitFixture(): string {
  const dir = tempDir();
  const configs = join(dir, 'configs');
  mkdirSync(configs);
  const text = readFileSync(join(ROOT, 'configs/orlando.yaml'), 'utf8')
    .replace(/^phone: .*$/m, 'phone: 727-555-0199')
    .replace(/^  (peptideTherapy|vitaminInjections|hormone_optimization|trt|semaglutide|nadTherapy): false$/gm, '  $1: true');
  writeFileSync(
    join(configs, 'orlando.yaml'),
    `${text.trimEnd()}
specialHours:
  - label: Thanksgiving
    date: 2026-11-26
    closed: true
  - label: Christmas Eve
    date: 2026-12-24
    opens: "09:00"
    closes: "12:00"
  - label: Winter break
    date: 2026-12-31
    through: 2027-01-02
    closed: true
bookingUrl: https://booking.example.com/orlando
isAcceptingNewPatients: true
telehealth: true
`,
  );
  cpSync(join(ROOT, 'configs/images'), join(configs, 'images'), { recursive: true });
  const out = join(dir, 'site');
  const r = runCli(['build', '--config', join(configs, 'orlando.yaml'), '--out', out, '--contact-endpoint', 'same-origin'], { env: { SOURCE_DATE_EPOCH: FIXTURE_EPOCH } });
  if (r.code !== 0) throw new Error(`build failed: ${r.stderr}`);
  return out;
}
