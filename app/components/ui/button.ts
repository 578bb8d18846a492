/** Buttons (and links that look like one) of forms and pages. */
export const buttonClass = {
  primary:
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-full bg-brand px-5 text-sm font-medium text-white hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50',
  secondary:
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-full border border-zinc-300 px-4 text-sm font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800',
};

/** The smaller buttons of dense screens (the admin's tables). Hover darkens rather than fades, so white text keeps its contrast. */
export const smallButtonClass = {
  primary:
    'rounded-full bg-brand px-4 py-1.5 text-sm font-medium text-white hover:bg-[color-mix(in_oklab,var(--color-brand),black_20%)] disabled:opacity-60',
  secondary:
    'rounded-full border border-zinc-300 px-4 py-1.5 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800',
  danger:
    'rounded-full bg-red-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60',
};
