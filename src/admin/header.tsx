import type { ReactNode } from 'react';

/** The admin's header, the same on the sign-in pages and inside: the product's name, and `children` at its end (the account menu). */
export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
        <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand text-lg font-bold text-white">
          +
        </span>
        {/* Wide enough that on a phone the account menu wraps below rather than squeezing the title. */}
        <div className="min-w-56 flex-1">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Clinic Website Generator</h1>
          <p className="text-sm text-slate-600">Keep every city’s clinic details; create, preview and deploy their websites.</p>
        </div>
        {children}
      </div>
    </header>
  );
}
