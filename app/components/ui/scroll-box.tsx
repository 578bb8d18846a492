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
    // `relative`: what is positioned inside (the screen readers' words in a header) scrolls with
    // the box instead of widening the page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className}`}>
      {children}
    </section>
  );
}
