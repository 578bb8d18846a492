/** Secondary text: dates, counts, notes under a title. */
export const mutedClass = 'text-xs text-zinc-500 dark:text-zinc-400';

/** Sanitised rich text from the server (article bodies, plan analyses): headings, lists, links, images. */
export const richTextClass =
  'leading-relaxed [&_a]:text-brand-ink [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:ps-3 [&_blockquote]:text-zinc-600 [&_h2]:mt-5 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_img]:my-3 [&_img]:rounded-xl [&_li]:ms-5 [&_ol]:list-decimal [&_p]:my-3 [&_ul]:list-disc';
