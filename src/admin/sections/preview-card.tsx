import { useWatch, type UseFormReturn } from 'react-hook-form';
import { SERVICE_TOGGLES, shownLogo, type AdminForm } from '../form.js';
import { Card } from '../ui.js';

/** Preview: the form as the site's header and hero will show it, updated while typing. */
export function PreviewCard({ form }: { form: UseFormReturn<AdminForm> }) {
  const v = useWatch({ control: form.control }) as Partial<AdminForm>;
  const services = SERVICE_TOGGLES.filter((s) => v.services?.[s.key]);
  const logo = shownLogo(v.logoUrl);
  // As on the site (src/pages/components/logo.tsx): a logo that shows the name is not followed by it.
  // A logo the admin cannot show (a path that names no picture) is stood in for by its path.
  const nameInLogo = Boolean(v.logoUrl) && v.logoIncludesName === true;
  return (
    <Card id="preview" title="Preview" lead="How the site will introduce the clinic.">
      <div className="overflow-hidden rounded-lg border border-slate-200">
        <div className="flex min-w-0 items-center gap-2 border-b border-slate-200 bg-white px-4 py-3">
          {logo ? (
            <img src={logo} alt={nameInLogo ? (v.businessName ?? '') : ''} className="h-8 w-auto max-w-[10rem] object-contain" />
          ) : v.logoUrl ? (
            <span className="max-w-[10rem] rounded-lg border border-dashed border-slate-300 px-2 py-1 text-xs break-all text-slate-700">{v.logoUrl}</span>
          ) : (
            <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand text-sm font-bold text-white">
              {(v.businessName ?? '?').trim().charAt(0) || '?'}
            </span>
          )}
          {/* Wraps rather than being cut: the whole name is what a patient reads (docs/decisions/014). */}
          {!nameInLogo && <span className="min-w-0 font-bold break-words text-slate-900">{v.businessName || 'Business name'}</span>}
        </div>
        <div className="bg-gradient-to-br from-slate-900 to-brand-dark px-4 py-6 text-white">
          <p className="text-xl font-bold">Revitalize Your Health in {v.city || 'your city'}</p>
          <p className="mt-2 text-sm text-slate-200">
            {[v.address, [v.city, v.state].filter(Boolean).join(', '), v.zipCode].filter(Boolean).join(' · ')}
          </p>
          <p className="mt-1 text-sm text-slate-200">
            {v.phone} {v.email && `· ${v.email}`}
          </p>
        </div>
        <ul aria-label="Services on the site" className="flex flex-wrap gap-2 bg-slate-50 px-4 py-3">
          {services.length === 0 && <li className="text-sm text-slate-600">No services switched on</li>}
          {services.map((s) => (
            <li key={s.key} className="rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold text-brand">
              {s.label}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
