import { useEffect, useLayoutEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { brandOf } from '../config/brand.js';
import { getBrand, saveBrand } from './brand-api.js';
import { ErrorSummary } from './error-summary.js';
import { formFieldOf, formFromConfig, toConfig, type AdminForm } from './form.js';
import { NoticeArea, useNotice } from './notice.js';
import { Brand } from './sections/brand.js';
import { TextInput } from './sections/fields.js';
import { LogoUpload } from './sections/logo-upload.js';
import { Services } from './sections/services.js';
import { Button, Card } from './ui.js';
import type { ClinicConfigInput } from '../config/schema.js';

/**
 * Brand settings (owner and editor): what every new city starts with, kept in the server's store
 * and written out as `brand.yaml` in its data folder (src/config/brand.ts). The same cards as the city editor's, so
 * a field reads and checks the same in both.
 */
export function BrandSettings() {
  const [loaded, setLoaded] = useState<{ values: AdminForm; stored: boolean } | 'failed' | undefined>(undefined);
  useEffect(() => {
    getBrand().then(
      (b) => setLoaded({ values: formFromConfig({ ...b.brand, city: '', state: '', address: '', zipCode: '', phone: '', email: '' } as ClinicConfigInput), stored: b.stored }),
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
      {loaded && loaded !== 'failed' && <BrandForm values={loaded.values} stored={loaded.stored} />}
    </main>
  );
}

function BrandForm({ values, stored }: { values: AdminForm; stored: boolean }) {
  const form = useForm<AdminForm>({ defaultValues: values });
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<[string, string][]>([]);
  const { notice, show, clear } = useNotice();
  const submit = async () => {
    setSaving(true);
    setProblems([]);
    clear();
    form.clearErrors();
    try {
      const brand = brandOf(toConfig(form.getValues()));
      const answer = await saveBrand(brand);
      if (answer.ok) {
        form.reset(form.getValues());
        show('Brand settings saved. New cities start with them.', 'success');
        return;
      }
      const errors = Object.entries(answer.failure.errors ?? {}).filter(([k]) => k !== '_form');
      for (const [key, message] of errors) form.setError(formFieldOf(key) as keyof AdminForm, { type: 'server', message });
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
      <Services form={form} />
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
