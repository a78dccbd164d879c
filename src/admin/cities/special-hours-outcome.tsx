import type { BulkHoursPlanLine, BulkHoursSaveLine, EntryShown } from './special-hours-api.js';

/** What a plan line's city will take: saved and redeployed, saved only (why), or left alone (why). */
function fateOf(l: BulkHoursPlanLine): { text: string; tone: string } {
  if (l.problem) return { text: `Not changed: ${l.problem}`, tone: 'text-red-800' };
  if (l.site === 'redeploy') return { text: `Saved as version ${l.version + 1} and its live site redeployed`, tone: 'text-green-800' };
  return { text: `Saved as version ${l.version + 1}, ${l.siteNote ?? 'not redeployed'}`, tone: 'text-amber-900' };
}

/**
 * The preview (nothing saved yet): the sentence the pages will show, then each city with what the
 * save will do to it. Its heading takes the focus when it appears, so a keyboard user lands on it.
 */
export function PlanView({ entry, lines, headingRef }: { entry: EntryShown; lines: BulkHoursPlanLine[]; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const hidden = lines.filter((l) => !l.problem && !l.shown).length;
  return (
    <section aria-labelledby="special-hours-preview" className="min-w-0">
      <h3 id="special-hours-preview" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        3. Preview: nothing is saved yet
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Each city’s home and contact pages will list, under Special Hours: <strong data-testid="preview-sentence">{entry.sentence}</strong>
      </p>
      {hidden > 0 && (
        <p className="mt-1 text-sm font-semibold text-amber-900">
          In {hidden === 1 ? '1 city' : `${hidden} cities`} the home and contact pages will not list this entry: it is over, or comes after the special hours they list first.
        </p>
      )}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[40rem] border-collapse text-sm" data-testid="special-hours-plan">
          <caption className="sr-only">What saving does to each city</caption>
          <thead>
            <tr className="text-left text-slate-700">
              <th scope="col" className="px-2 py-1 font-semibold">
                City
              </th>
              <th scope="col" className="px-2 py-1 font-semibold">
                Its pages will say
              </th>
              <th scope="col" className="px-2 py-1 font-semibold">
                What happens
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => {
              const fate = fateOf(l);
              return (
                <tr key={l.slug} data-slug={l.slug} className="border-t border-slate-100 align-top">
                  <th scope="row" className="px-2 py-2 text-left font-semibold text-slate-900">
                    {l.city}
                    {l.state ? `, ${l.state}` : ''}
                  </th>
                  <td className="px-2 py-2 text-slate-800">{l.problem ? (l.conflict ? `Keeps ${l.conflict}` : '') : l.shown ? entry.sentence : 'Not listed: the entry is over, or comes after the special hours listed first'}</td>
                  <td className={`px-2 py-2 font-medium ${fate.tone}`}>{fate.text}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** What a saved city's site became. */
function siteText(l: BulkHoursSaveLine): string {
  if (l.deploy === 'redeployed') return `redeployed (release ${l.releaseId ?? ''})`;
  if (l.deploy === 'failed') return `not redeployed, the deploy failed: ${l.deployNote ?? ''}`;
  return l.deployNote ?? 'not redeployed';
}

/** The save's answer, city by city: saved as version N and what became of its site, or refused and why. */
export function SaveResults({ lines, headingRef }: { lines: BulkHoursSaveLine[]; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const saved = lines.filter((l) => l.saved);
  const redeployed = lines.filter((l) => l.deploy === 'redeployed').length;
  const failed = lines.filter((l) => l.deploy === 'failed').length;
  const refused = lines.length - saved.length;
  return (
    <section aria-labelledby="special-hours-result" className="min-w-0">
      <h3 id="special-hours-result" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        Saved {saved.length} of {lines.length} {lines.length === 1 ? 'city' : 'cities'}, redeployed {redeployed}
      </h3>
      {(refused > 0 || failed > 0) && (
        <p className="mt-1 text-sm font-semibold text-red-800">
          {refused > 0 ? `${refused} not saved. ` : ''}
          {failed > 0 ? `${failed} saved but not redeployed: the deploy failed.` : ''}
        </p>
      )}
      <ul aria-label="Each city" data-testid="special-hours-results" className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
        {lines.map((l) => (
          <li key={l.slug} data-slug={l.slug} className="px-3 py-2">
            <span className="font-semibold text-slate-900">{l.city}</span>
            <span className={l.saved && l.deploy !== 'failed' ? 'text-slate-800' : 'text-red-800'}>{l.saved ? `: saved as version ${l.version}, ${siteText(l)}` : `: not saved, ${l.reason ?? `status ${l.status}`}`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
