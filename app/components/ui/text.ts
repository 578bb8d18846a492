/** Secondary text: dates, counts, notes under a title. */
export const mutedClass = 'text-xs text-zinc-500 dark:text-zinc-400';
