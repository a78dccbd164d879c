import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A view of its own (a sign-in step, Staff, Audit trail, Change password): a card whose heading
 * (`view-title`) takes the focus whenever the title changes, so a screen reader says where the
 * person landed, then whatever follows in more cards. `focus` false leaves the focus to the view
 * (the sign-in page puts it on its notice or its first field).
 */
export function ViewPage({
  title,
  lead,
  narrow,
  focus = true,
  children,
  below,
}: {
  title: string;
  lead?: ReactNode;
  narrow?: boolean;
  focus?: boolean;
  children?: ReactNode;
  below?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    document.title = `${title} · Clinic Website Generator`;
    if (focus) heading.current?.focus();
  }, [title, focus]);
  return (
    <main className={`mx-auto grid grid-cols-1 gap-6 px-4 py-6 sm:px-6 ${narrow ? 'max-w-xl' : 'max-w-6xl'}`}>
      <section aria-labelledby="view-title" className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="view-title" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {lead && <div className="mt-1 text-sm text-slate-600">{lead}</div>}
        {children && <div className="mt-4">{children}</div>}
      </section>
      {below}
    </main>
  );
}
