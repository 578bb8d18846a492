import type { ReactNode } from 'react';

/** The white box of the pages, for any element: list items, article bodies, links. */
export const cardClass = 'rounded-2xl bg-white p-4 shadow-sm sm:p-5 dark:bg-zinc-900';

/**
 * A white box with an optional heading and actions beside it. Dense ones (the admin's tables) keep
 * a small padding and heading on every screen.
 */
export function Card({
  title,
  id,
  actions,
  dense = false,
  className = '',
  children,
}: {
  title?: string;
  /** The heading's id, which names the section. */
  id?: string;
  actions?: ReactNode;
  dense?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={`rounded-2xl bg-white shadow-sm dark:bg-zinc-900 ${dense ? 'min-w-0 p-4' : 'p-4 sm:p-6'} ${className}`}
    >
      {title && (
        <div className={`flex flex-wrap items-center gap-2 ${dense ? 'mb-3' : 'mb-4'}`}>
          <h2 id={id} className={dense ? 'font-semibold' : 'text-lg font-semibold'}>
            {title}
          </h2>
          {actions && <div className="ms-auto">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
