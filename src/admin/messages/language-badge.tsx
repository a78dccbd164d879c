import { LANGUAGE_INFO, type Lang } from '../../config/languages.js';
import * as M from '../../texts/admin.js';

/**
 * "Wrote in Spanish": a message sent from a page in another language than English (issue 40), so
 * whoever calls back knows which language to speak. English, every site's root, has no mark.
 */
export function LanguageBadge({ language, className = '' }: { language: Lang; className?: string }) {
  if (language === 'en') return null;
  return (
    <span data-language={language} className={`inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 ${className}`}>
      {M.inboxWroteIn(LANGUAGE_INFO[language].english).title}
    </span>
  );
}

/** The language filter's choices: any, then each language by its English name ("English", "Spanish"). */
export const LANGUAGE_CHOICES: { value: '' | Lang; label: string }[] = [
  { value: '', label: M.inboxLanguageAny.title },
  ...(Object.keys(LANGUAGE_INFO) as Lang[]).map((l) => ({ value: l, label: LANGUAGE_INFO[l].english })),
];
