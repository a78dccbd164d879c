import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import * as M from '../texts/admin.js';
import type { ClinicConfigInput } from '../config/schema.js';
import { brandOf } from '../config/brand.js';
import { getBrand } from './brand-api.js';
import { getCity } from './cities-api.js';
import { useAccount } from './auth/session-context.js';
import { draftKey, dropDraft, keepDraft, readDraft, restoredForm, SESSION_ENDING_EVENT } from './drafts.js';
import { fieldLabel } from './field-labels.js';
import { CityBar, SaveBar } from './city-bar.js';
import { SectionIndex, useSectionEntries } from './section-index.js';
import { formFromConfig, sameForm, type AdminForm } from './form.js';
import { useLeaveGuard } from './leave-guard.js';
import type { Go } from './route.js';
import { Booking } from './sections/booking.js';
import { Costs } from './sections/costs.js';
import { Brand } from './sections/brand.js';
import { BusinessInfo } from './sections/business-info.js';
import { BusinessProfiles } from './sections/business-profiles.js';
import { Deployments } from './sections/deployments.js';
import { GenerateCard } from './sections/generate-card.js';
import { History } from './sections/history.js';
import { Hours } from './sections/hours.js';
import { Legal } from './sections/legal.js';
import { LocalContent } from './sections/local-content.js';
import { LogoUpload } from './sections/logo-upload.js';
import { Messages } from './sections/messages.js';
import { PhotosField } from './sections/photos-field.js';
import { PreviewCard } from './sections/preview-card.js';
import { Services } from './sections/services.js';
import { SocialMedia } from './sections/social-media.js';
import { SpanishWords } from './sections/spanish-words.js';
import { useCitySave, type SavedCity } from './use-city-save.js';
import { useSiteActions } from './use-site-actions.js';
import { Button } from './ui.js';

/** What an editor opens: a saved city (read from the server) or a new one (maybe a duplicate). */
export type EditorSource = { slug: string } | { base?: ClinicConfigInput; from?: string; left?: string[] };

/** A new city's first config: the brand's fields, the city's own empty (never another city's). */
export function newCityConfig(brand: Record<string, unknown>): ClinicConfigInput {
  return { ...brandOf(brand), city: '', state: '', address: '', zipCode: '', phone: '', email: '' } as ClinicConfigInput;
}

/** One city's page: loads a saved city first, then shows the editor. */
export function CityEditor({ source: asked, initial, go }: { source: EditorSource; initial: AdminForm; go: Go }) {
  // What it opened with: a new city that gets saved changes the address, not the editor.
  const [source] = useState(asked);
  const slug = 'slug' in source ? source.slug : undefined;
  const [loaded, setLoaded] = useState<{ config: ClinicConfigInput; saved: SavedCity } | 'failed' | undefined>(undefined);

  useEffect(() => {
    if (!slug) return;
    getCity(slug).then(
      (c) => setLoaded({ config: c.config, saved: { slug: c.slug, city: c.config.city, version: c.version, savedAt: c.savedAt, values: formFromConfig(c.config) } }),
      (err: unknown) => {
        console.error(err);
        setLoaded('failed');
      },
    );
  }, [slug]);

  // A new city (not a duplicate) starts from the brand settings, read once.
  const blank = !slug && !('base' in source && source.base);
  const [brand, setBrand] = useState<ClinicConfigInput | undefined>(undefined);
  useEffect(() => {
    if (!blank) return;
    getBrand().then(
      (b) => setBrand(newCityConfig(b.brand as Record<string, unknown>)),
      (err: unknown) => {
        console.error(err);
        // The page's own values, brand fields only: never the served clinic's address or phone.
        setBrand(newCityConfig(initial as unknown as Record<string, unknown>));
      },
    );
  }, [blank]);

  if (!slug) {
    const base = 'base' in source && source.base ? source.base : brand;
    if (!base) return <p className="mx-auto max-w-6xl px-4 py-6 text-slate-700 sm:px-6" role="status">Loading the brand settings...</p>;
    const from = 'from' in source ? source.from : undefined;
    const left = 'left' in source ? source.left : undefined;
    return <Editor config={base} values={formFromConfig(base)} from={from} left={from ? left ?? [] : undefined} go={go} />;
  }
  if (loaded === undefined) return <p className="mx-auto max-w-6xl px-4 py-6 text-slate-700 sm:px-6" role="status">Loading {slug}...</p>;
  if (loaded === 'failed') {
    return (
      <p className="mx-auto max-w-6xl px-4 py-6 font-semibold text-red-800 sm:px-6" role="alert">
        {M.cityLoadFailed.title}. {M.cityLoadFailed.hint}
      </p>
    );
  }
  return <Editor config={loaded.config} values={loaded.saved.values} saved={loaded.saved} go={go} />;
}

/**
 * The spec's sections inside one city (section 2, /admin): the clinic form on the left, preview,
 * generate, deployments and messages on the right; one column on a phone. Above them, the city's
 * bar with Save.
 */
function Editor({ config, values, saved, from, left, go }: { config?: ClinicConfigInput; values: AdminForm; saved?: SavedCity; from?: string; left?: string[]; go: Go }) {
  const form = useForm<AdminForm>({ defaultValues: values });
  // A field the editor corrects loses its error at once, not at the next save (issue 39 item 6).
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (name && form.getFieldState(name as keyof AdminForm).error) form.clearErrors(name as keyof AdminForm);
    });
    return () => sub.unsubscribe();
  }, [form]);
  const save = useCitySave(form, { config, saved }, (created) => go({ name: 'city', slug: created.slug }, { keep: true }));
  const [deployVersion, setDeployVersion] = useState(0);
  const target = () => {
    const s = save.saved;
    return s && { slug: s.slug, city: s.city, version: s.version, clean: sameForm(form.getValues(), s.values) };
  };
  const actions = useSiteActions(form, () => setDeployVersion((v) => v + 1), target, save.standsOn);
  // The site this editor deployed from an unsaved form: its releases are this city's too.
  const [deployedSite, setDeployedSite] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (actions.result?.success) setDeployedSite(actions.result.siteName);
  }, [actions.result]);


  // With the commit that shows the view, as the confirm dialog does: after paint leaves a frame
  // with the focus on <body>.
  useLayoutEffect(() => {
    document.getElementById('view-title')?.focus();
  }, []);
  useEffect(() => {
    document.title = `${save.saved?.city ?? 'New city'} · Clinic Website Generator`;
  }, [save.saved?.city]);

  const page = useRef<HTMLElement>(null);
  const sections = useSectionEntries(page);

  return (
    <main ref={page} className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:max-w-7xl xl:grid-cols-[10rem_minmax(0,3fr)_minmax(0,2fr)]">
      <UnsavedGuard form={form} savedValues={save.saved?.values ?? values} savedCity={save.saved?.city} draftAs={draftKey(save.saved?.slug)} version={save.saved?.version} />
      <CityBar form={form} save={save} go={go} from={from} />
      <DraftNotice form={form} draftAs={draftKey(saved?.slug)} opened={values} version={saved?.version} />
      {!save.saved && <StartNotice from={from} left={left} />}
      <SectionIndex entries={sections} layout="row" />
      <SectionIndex entries={sections} layout="side" />
      <form className="grid min-w-0 grid-cols-1 content-start gap-6" onSubmit={(e) => e.preventDefault()} aria-label="Clinic details" noValidate>
        <BusinessInfo form={form} />
        <LogoUpload form={form} />
        <Brand form={form} />
        <Hours form={form} />
        <Booking form={form} />
        <Costs form={form} />
        <LocalContent form={form} />
        <PhotosField form={form} />
        <Services form={form} />
        <SpanishWords form={form} />
        <SocialMedia form={form} />
        <BusinessProfiles form={form} />
        <Legal form={form} />
      </form>
      <div className="grid min-w-0 grid-cols-1 content-start gap-6">
        <PreviewCard form={form} />
        <GenerateCard actions={actions} />
        <Deployments slug={save.saved?.slug ?? deployedSite} version={deployVersion} onDeleted={actions.siteDeleted} />
        {save.saved && <History slug={save.saved.slug} city={save.saved.city} version={save.saved.version} dirty={() => !sameForm(form.getValues(), save.saved!.values)} onRestored={save.adopt} onOpenedAsEdits={save.openAsEdits} />}
        <Messages site={save.saved?.slug ?? deployedSite} name={save.saved?.city} />
      </div>
      <SaveBar form={form} save={save} />
    </main>
  );
}

/**
 * Watches the form for unsaved edits (against the saved version, or for a new city against what
 * it opened with) and registers the leave guard: a component of its own, so a keystroke re-draws
 * this and not the whole editor.
 */
function UnsavedGuard({ form, savedValues, savedCity, draftAs, version }: { form: UseFormReturn<AdminForm>; savedValues: AdminForm; savedCity?: string; draftAs: string; version?: number }) {
  const current = useWatch({ control: form.control }) as AdminForm;
  const dirty = !sameForm(current, savedValues);
  useLeaveGuard(dirty, savedCity ?? (current.city?.trim() || 'this new city'));
  // The session ending under unsaved edits: they are kept in this tab (drafts.ts).
  const account = useAccount()?.id;
  const latest = useRef({ dirty, draftAs, version, savedValues, account });
  latest.current = { dirty, draftAs, version, savedValues, account };
  useEffect(() => {
    const onEnding = () => {
      const l = latest.current;
      if (l.dirty && l.account) keepDraft(l.draftAs, { values: form.getValues(), base: l.savedValues, at: Date.now(), account: l.account, ...(l.version !== undefined ? { version: l.version } : {}) });
    };
    addEventListener(SESSION_ENDING_EVENT, onEnding);
    return () => removeEventListener(SESSION_ENDING_EVENT, onEnding);
  }, [form]);
  return null;
}

const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/**
 * Edits kept when the session ended under them (drafts.ts), offered back when the city is opened
 * again: Restore puts them in the form (still unsaved), Discard forgets them.
 */
function DraftNotice({ form, draftAs, opened, version }: { form: UseFormReturn<AdminForm>; draftAs: string; opened: AdminForm; version?: number }) {
  const account = useAccount()?.id;
  const [draft, setDraft] = useState(() => {
    const kept = readDraft(draftAs);
    return kept && kept.account === account && !sameForm(kept.values, opened) ? kept : undefined;
  });
  if (!draft) return null;
  const done = () => {
    dropDraft(draftAs);
    setDraft(undefined);
  };
  const newer = draft.version !== undefined && version !== undefined && version > draft.version;
  // The local content's fields are named as on their card (the form keeps them at its top level).
  const label = (k: string) => fieldLabel(['whyCity', 'treatmentText', 'team', 'faq', 'areasServed'].includes(k) ? `localContent.${k}` : k).label;
  const changed = restoredForm(draft, opened, version).changed.map(label);
  return (
    <div role="region" aria-label="Unsaved changes kept" data-testid="draft-notice" className="rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950 lg:col-span-full">
      <p className="font-semibold">Your session ended at {TIME.format(draft.at)} with changes not saved yet. They were kept in this tab.</p>
      <p className="mt-1">Changed: {[...new Set(changed)].join(', ')}.</p>
      {newer && <p className="mt-1">The city has been saved since (version {version}): only the fields you changed are put back, over that version. Check them before saving.</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          onClick={() => {
            form.reset(restoredForm(draft, form.getValues(), version).values);
            done();
          }}
        >
          Restore my changes
        </Button>
        <Button variant="secondary" onClick={done}>
          Discard them
        </Button>
      </div>
    </div>
  );
}

/**
 * What a new city started with, under its bar: the brand's defaults, and for a duplicate the
 * fields of the source it did not copy, by their labels (issue 23 item 2).
 */
function StartNotice({ from, left }: { from?: string; left?: string[] }) {
  const names = [...new Set((left ?? []).map((k) => fieldLabel(k).label))];
  return (
    <div data-testid="new-city-notice" className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 lg:col-span-full">
      {from ? (
        <>
          <p className="font-semibold">Copied from {from}: only the brand (name, description, colour, typeface, logo and services).</p>
          {names.length > 0 && <p className="mt-1">Not copied, this city needs its own: {names.join(', ')}.</p>}
        </>
      ) : (
        <p className="font-semibold">A new city starts with the brand settings (name, description, colour, typeface, logo and services); everything else is this city’s own to fill in.</p>
      )}
    </div>
  );
}
