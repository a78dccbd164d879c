import { useLayoutEffect, useRef } from 'react';
import * as M from '../texts/admin.js';
import { fieldLabel } from './field-labels.js';

/**
 * The fields the server refused, above the form: each by the label the operator sees (never the
 * config key), linked to its input where the form has one. It takes the focus when it appears
 * (and again for a new set of errors), so a keyboard or screen-reader user lands on what to fix
 * (WCAG 3.3.1, as the GOV.UK error summary does). `lead` says what failed: the save or the generate.
 */
export function ErrorSummary({ problems, lead, testId }: { problems: [string, string][]; lead: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (problems.length > 0) ref.current?.focus();
  }, [problems]);
  if (problems.length === 0) return null;
  // One line a field: the server may name a field twice (two rules), the list says it once.
  const rows = [...new Map(problems.map(([key, message]) => [fieldLabel(key).label, { ...fieldLabel(key), message }])).values()];
  return (
    <div ref={ref} tabIndex={-1} data-testid={testId} aria-labelledby={testId ? `${testId}-title` : undefined} role="group" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 focus:outline-2 focus:outline-offset-2 focus:outline-red-700">
      <p id={testId ? `${testId}-title` : undefined} className="font-semibold">
        {lead} {M.fieldsToCorrect(rows.length).title}:
      </p>
      <ul aria-label="What to correct" className="mt-1 list-disc pl-5">
        {rows.map((r) => (
          <li key={r.label}>
            {r.id ? (
              <a
                href={`#${r.id}`}
                onClick={(e) => {
                  // The admin's views live in the address's hash: following the link would leave the city.
                  e.preventDefault();
                  const input = document.getElementById(r.id!);
                  input?.focus();
                  input?.scrollIntoView({ block: 'center' });
                }}
                className="font-semibold text-red-900 underline"
              >
                {r.label}
              </a>
            ) : (
              <span className="font-semibold">{r.label}</span>
            )}
            : {r.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
