import { useEffect, useLayoutEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { brandOf, type BrandInput } from '../config/brand.js';
import { lookupState } from '../config/states.js';
import { getBrand, saveBrand } from './brand-api.js';
import { ErrorSummary } from './error-summary.js';
import { formFieldOf, formFromConfig, toConfig, type AdminForm } from './form.js';
import { NoticeArea, useNotice } from './notice.js';
import { Brand, BrandLegal, type BrandLegalValues } from './sections/brand.js';
import { BrandLanguages } from './sections/brand-languages.js';
import { brandLanguagesOf } from './form-spanish.js';
import { TextInput } from './sections/fields.js';
import { LogoUpload } from './sections/logo-upload.js';
import { Services } from './sections/services.js';
import { Button, Card, describedBy, Field, inputClass } from './ui.js';
import { listCities, type CitySummary } from './cities-api.js';
import { useLeaveGuard } from './leave-guard.js';
import type { ClinicConfigInput } from '../config/schema.js';

/**
 * Brand settings (owner and editor): what every new city starts with, kept in the server's store
 * and written out as `brand.yaml` in its data folder (src/config/brand.ts). The same cards as the city editor's, so
 * a field reads and checks the same in both.
 */
export function BrandSettings() {
  const [loaded, setLoaded] = useState<{ values: AdminForm; stored: boolean; site: SiteFields; cities: CitySummary[] } | 'failed' | undefined>(undefined);
  useEffect(() => {
    Promise.all([getBrand(), listCities()]).then(
      ([b, cities]) =>
        setLoaded({
          values: formFromConfig({ ...b.brand, city: '', state: '', address: '', zipCode: '', phone: '', email: '' } as ClinicConfigInput),
          stored: b.stored,
          site: { domainName: b.brand.domainName, locations: b.brand.locations, legal: b.brand.legal },
          cities,
        }),
      (err: unknown) => {
        console.error(err);
        setLoaded('failed');
      },
    );
  }, []);
  useLayoutEffect(() => {
    document.getElementById('view-title')?.focus();
    document.title = 'Brand settings · Clinic Website Generator';
  }, []);
  return (
    <main className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-6 sm:px-6">
      <div>
        <h2 id="view-title" tabIndex={-1} className="text-xl font-bold text-slate-900">
          Brand settings
        </h2>
        <p className="mt-1 text-sm text-slate-600">What every new city starts with. A city’s own details (address, phone, hours, local content) are never copied to another.</p>
      </div>
      {loaded === undefined && <p role="status">Loading the brand settings...</p>}
      {loaded === 'failed' && (
        <p role="alert" className="font-semibold text-red-800">
          The brand settings could not be read. Reload the page to try again.
        </p>
      )}
      {loaded && loaded !== 'failed' && <BrandForm values={loaded.values} stored={loaded.stored} site={loaded.site} cities={loaded.cities} />}
    </main>
  );
}

/** The brand site's fields of the brand settings (issue 24): its domain, and which saved cities it lists by state. */
type SiteFields = Pick<BrandInput, 'domainName' | 'locations' | 'legal'>;

const LEGAL_KEYS = ['governingLaw', 'effectiveDate', 'email'] as const;

/** The brand's legal facts as the Legal card holds them. */
const legalValues = (legal: BrandInput['legal']): BrandLegalValues => {
  const l = (legal ?? {}) as Partial<Record<(typeof LEGAL_KEYS)[number], unknown>>;
  return { governingLaw: String(l.governingLaw ?? ''), effectiveDate: String(l.effectiveDate ?? ''), email: String(l.email ?? '') };
};

/** The state code of a saved city ('FL'), as the brand site's listing keys it. */
const stateCode = (c: Pick<CitySummary, 'state'>) => lookupState(c.state)?.code ?? c.state.toUpperCase();

/** The server's key of a brand site field as the error list and the inputs name it. */
const siteKey = (key: string) =>
  key === 'domainName' ? 'brandSiteDomain' : key === 'locations' || key.startsWith('locations.') ? 'brandSiteLocations' : key === 'legal' || key.startsWith('legal.') ? `brandLegal.${key.slice('legal.'.length) || 'governingLaw'}` : undefined;

function BrandForm({ values, stored, site, cities }: { values: AdminForm; stored: boolean; site: SiteFields; cities: CitySummary[] }) {
  const form = useForm<AdminForm>({ defaultValues: values });
  const [domain, setDomain] = useState(site.domainName ?? '');
  // Absent: every saved city is listed (and a city saved later too).
  const [listed, setListed] = useState<ReadonlySet<string>>(() => new Set(site.locations ? Object.values(site.locations).flat() : cities.map((c) => c.slug)));
  const [siteErrors, setSiteErrors] = useState<Record<string, string>>({});
  const [legal, setLegal] = useState<BrandLegalValues>(() => legalValues(site.legal));
  const legalKey = (l: BrandLegalValues) => LEGAL_KEYS.map((k) => l[k]).join('\n');
  // Unsaved edits are never lost without a word (issue 37 item 5): the top menu, Back and closing the tab ask first.
  const listedKey = (l: ReadonlySet<string>) => [...l].sort().join(',');
  const [savedSite, setSavedSite] = useState(() => ({ domain, listed: listedKey(listed), legal: legalKey(legal) }));
  const dirty = form.formState.isDirty || domain !== savedSite.domain || listedKey(listed) !== savedSite.listed || legalKey(legal) !== savedSite.legal;
  useLeaveGuard(dirty, 'Brand settings');
  const locationsOf = (): BrandInput['locations'] => {
    if (cities.every((c) => listed.has(c.slug))) return undefined;
    const byState: Record<string, string[]> = {};
    for (const c of cities) if (listed.has(c.slug)) (byState[stateCode(c)] ??= []).push(c.slug);
    return byState;
  };
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<[string, string][]>([]);
  const { notice, show, clear } = useNotice();
  const submit = async () => {
    setSaving(true);
    setProblems([]);
    clear();
    form.clearErrors();
    setSiteErrors({});
    try {
      const locations = locationsOf();
      // The legal facts go as typed when any is given, for the server to name each missing one.
      const givenLegal = LEGAL_KEYS.some((k) => legal[k].trim() !== '') ? { legal: Object.fromEntries(LEGAL_KEYS.filter((k) => legal[k].trim() !== '').map((k) => [k, legal[k].trim()])) as BrandInput['legal'] } : {};
      const values = form.getValues();
      const brand: BrandInput = { ...brandOf(toConfig(values)), ...brandLanguagesOf(values), ...(domain.trim() ? { domainName: domain.trim() } : {}), ...givenLegal, ...(locations ? { locations } : {}) };
      const answer = await saveBrand(brand);
      if (answer.ok) {
        form.reset(form.getValues());
        setSavedSite({ domain, listed: listedKey(listed), legal: legalKey(legal) });
        show('Brand settings saved. New cities start with them.', 'success');
        return;
      }
      const errors = Object.entries(answer.failure.errors ?? {})
        .filter(([k]) => k !== '_form')
        .map(([k, message]): [string, string] => [siteKey(k) ?? (k === 'es.description' ? 'brandEsDescription' : k), message]);
      const ofSite: Record<string, string> = {};
      for (const [key, message] of errors) {
        if (key.startsWith('brandSite') || key.startsWith('brandLegal.')) ofSite[key] ??= message;
        else form.setError(formFieldOf(key === 'brandEsDescription' ? 'es.description' : key) as keyof AdminForm, { type: 'server', message });
      }
      setSiteErrors(ofSite);
      setProblems(errors.length ? errors : [['config', answer.failure.error ?? answer.failure.message ?? `${answer.status}`]]);
      show('The brand settings were not saved.', 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      aria-label="Brand settings"
      noValidate
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {!stored && <p className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">Not saved yet: shown are the brand fields of the clinic this server serves.</p>}
      <ErrorSummary problems={problems} lead="The brand settings were not saved:" testId="brand-errors" />
      <BrandBasics form={form} />
      <LogoUpload form={form} />
      <Brand form={form} />
      <Services form={form} languages={false} />
      <BrandLanguages form={form} />
      <BrandSiteFields domain={domain} setDomain={setDomain} cities={cities} listed={listed} setListed={setListed} errors={siteErrors} />
      <BrandLegal
        values={legal}
        onChange={setLegal}
        errors={Object.fromEntries(Object.entries(siteErrors).flatMap(([k, m]) => (k.startsWith('brandLegal.') ? [[k.slice('brandLegal.'.length), m]] : [])))}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save brand settings'}
        </Button>
      </div>
      <NoticeArea notice={notice} testId="brand-notice" />
    </form>
  );
}

function BrandBasics({ form }: { form: UseFormReturn<AdminForm> }) {
  return (
    <Card id="brand-basics" title="Name and description" lead="The clinic group’s name and the short description every site starts with.">
      <div className="grid gap-4">
        <TextInput form={form} name="businessName" label="Business Name" autoComplete="organization" />
        <TextInput form={form} name="description" label="Description" rows={4} />
      </div>
    </Card>
  );
}

/** The brand site's domain and the saved cities it lists, grouped by state, each with its checkbox. */
function BrandSiteFields({
  domain,
  setDomain,
  cities,
  listed,
  setListed,
  errors,
}: {
  domain: string;
  setDomain: (v: string) => void;
  cities: CitySummary[];
  listed: ReadonlySet<string>;
  setListed: (s: ReadonlySet<string>) => void;
  errors: Record<string, string>;
}) {
  const id = 'field-brand-site-domain';
  const hint = 'The domain of the brand site with every location, like northstarhealth.example.com. Empty: no brand site.';
  const domainError = errors.brandSiteDomain;
  const listError = errors.brandSiteLocations;
  const states = [...new Set(cities.map(stateCode))].sort();
  return (
    <Card id="brand-site-settings" title="Brand site" lead="One site on the brand’s domain with a page for each listed location. When every city is listed, a city saved later is listed too.">
      <div className="grid gap-4">
        <Field id={id} label="Brand site domain" hint={hint} error={domainError}>
          <input id={id} type="text" autoComplete="off" inputMode="url" className={inputClass} value={domain} onChange={(e) => setDomain(e.target.value)} {...describedBy(id, { hint, error: domainError })} />
        </Field>
        <fieldset id="brand-site-locations" tabIndex={-1} aria-describedby={listError ? 'brand-site-locations-error' : undefined} className="grid gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">Listed on the brand site</legend>
          {cities.length === 0 && <p className="text-sm text-slate-600">No saved city yet.</p>}
          {states.map((st) => (
            <fieldset key={st} className="rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-800">{lookupState(st)?.name ?? st}</legend>
              <ul className="grid gap-1">
                {cities
                  .filter((c) => stateCode(c) === st)
                  .map((c) => (
                    <li key={c.slug}>
                      <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                        <input
                          type="checkbox"
                          className="h-5 w-5 accent-brand"
                          checked={listed.has(c.slug)}
                          onChange={(e) => {
                            const next = new Set(listed);
                            if (e.target.checked) next.add(c.slug);
                            else next.delete(c.slug);
                            setListed(next);
                          }}
                        />
                        {c.city}
                      </label>
                    </li>
                  ))}
              </ul>
            </fieldset>
          ))}
          {listError && (
            <p id="brand-site-locations-error" className="text-sm text-red-700">
              {listError}
            </p>
          )}
        </fieldset>
      </div>
    </Card>
  );
}
