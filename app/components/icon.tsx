import type { ReactNode } from 'react';

/** A line icon: decorative, so screen readers skip it; the control around it carries the label. */
export function Icon({
  children,
  size = 18,
  className,
}: {
  children: ReactNode;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}
