import type { ReactNode } from 'react';

/**
 * A box whose content may be wider than a phone's screen (a table, a formula): it scrolls sideways
 * itself, never the page, and is a named region that takes focus, so a keyboard can scroll it too.
 */
export function ScrollBox({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </section>
  );
}
