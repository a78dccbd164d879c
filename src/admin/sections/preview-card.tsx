import { useWatch, type UseFormReturn } from 'react-hook-form';
import { SERVICE_TOGGLES, type AdminForm } from '../form.js';
import { Card } from '../ui.js';

/** Preview: the form as the site's header and hero will show it, updated while typing. */
export function PreviewCard({ form }: { form: UseFormReturn<AdminForm> }) {
  const v = useWatch({ control: form.control }) as Partial<AdminForm>;
  const services = SERVICE_TOGGLES.filter((s) => v.services?.[s.key]);
  return (
    <Card id="preview" title="Preview" lead="How the site will introduce the clinic.">
      <div className="overflow-hidden rounded-lg border border-slate-200">
        <div className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-3">
          {v.logoUrl ? (
            <img src={v.logoUrl} alt="" className="h-8 w-auto" />
          ) : (
            <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand text-sm font-bold text-white">
              {(v.businessName ?? '?').trim().charAt(0) || '?'}
            </span>
          )}
          <span className="truncate font-bold text-slate-900">{v.businessName || 'Business name'}</span>
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
