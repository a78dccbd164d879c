import type { UseFormReturn } from 'react-hook-form';
import type { AdminForm } from '../form.js';
import { Card } from '../ui.js';
import { LogoPicker, type LogoSlot } from './logo-picker.js';

const LOGO: LogoSlot = { name: 'logoUrl', id: 'logo-file', label: 'Logo file', help: 'JPG, PNG, GIF, SVG, max 5MB', what: 'logo', testId: 'logo-notice' };

// The footer is dark: a logo drawn for white pages may vanish there (docs/decisions/014-brand-typeface-and-logo.md).
const LIGHT: LogoSlot = {
  name: 'logoLightUrl',
  id: 'logo-light-file',
  label: 'Logo for dark backgrounds (optional)',
  help: 'A light version for the dark footer. Without one, the logo sits on a white plate there. JPG, PNG, GIF, SVG, max 5MB',
  what: 'logo for dark backgrounds',
  testId: 'logo-light-notice',
  dark: true,
};

const NAME_HINT = 'Then the site shows the logo alone, without printing the name beside it.';

/**
 * Logo Upload (spec sections 3 and 5): the logo, whether it already shows the clinic's name (a
 * wordmark), and an optional light version for the dark footer.
 */
export function LogoUpload({ form }: { form: UseFormReturn<AdminForm> }) {
  return (
    <Card id="logo" title="Logo Upload" lead="Shown in the header of every page.">
      <LogoPicker form={form} slot={LOGO} />
      <div className="mt-4">
        {/* The whole row toggles it: a comfortable target on a phone. */}
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
          <input
            type="checkbox"
            aria-describedby="logo-includes-name-hint"
            className="h-5 w-5 shrink-0 cursor-pointer accent-brand"
            {...form.register('logoIncludesName')}
          />
          <span className="text-sm font-medium text-slate-800">The logo already shows the clinic name</span>
        </label>
        <p id="logo-includes-name-hint" className="mt-1 text-sm text-slate-600">
          {NAME_HINT}
        </p>
      </div>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <LogoPicker form={form} slot={LIGHT} />
      </div>
    </Card>
  );
}
