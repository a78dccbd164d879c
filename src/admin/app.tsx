import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminForm } from './form.js';
import { BusinessInfo } from './sections/business-info.js';
import { BusinessProfiles } from './sections/business-profiles.js';
import { Deployments } from './sections/deployments.js';
import { GenerateCard } from './sections/generate-card.js';
import { LogoUpload } from './sections/logo-upload.js';
import { Messages } from './sections/messages.js';
import { PreviewCard } from './sections/preview-card.js';
import { Services } from './sections/services.js';
import { SocialMedia } from './sections/social-media.js';
import { useSiteActions } from './use-site-actions.js';

/**
 * The operator's page (spec section 2, /admin): the clinic form on the left, preview, generate,
 * deployments and messages on the right; one column on a phone.
 */
export function AdminApp({ initial }: { initial: AdminForm }) {
  const form = useForm<AdminForm>({ defaultValues: initial });
  const [deployVersion, setDeployVersion] = useState(0);
  const actions = useSiteActions(form, () => setDeployVersion((v) => v + 1));

  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-4 sm:px-6">
          <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand text-lg font-bold text-white">
            +
          </span>
          <div>
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Clinic Website Generator</h1>
            <p className="text-sm text-slate-600">Create, preview and deploy a clinic website for another city.</p>
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <form className="grid min-w-0 grid-cols-1 content-start gap-6" onSubmit={(e) => e.preventDefault()} aria-label="Clinic details" noValidate>
          <BusinessInfo form={form} />
          <LogoUpload form={form} />
          <Services form={form} />
          <SocialMedia form={form} />
          <BusinessProfiles form={form} />
        </form>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <PreviewCard form={form} />
          <GenerateCard actions={actions} />
          <Deployments version={deployVersion} onDeleted={actions.siteDeleted} />
          <Messages />
        </div>
      </main>
    </>
  );
}
