import { Fragment, type ReactNode } from 'react';

/**
 * A translation whose tags (`<service>…</service>`) become the elements `tags` makes of their text,
 * as i18next's Trans does for what our texts hold: tags side by side, none nested. Trans's markup
 * parser would otherwise load with every page.
 */
export function Tagged({ text, tags }: { text: string; tags: Record<string, (inner: string) => ReactNode> }) {
  // Split with its two groups: text, tag, inner, text, tag, inner, ..., text.
  const parts = text.split(/<(\w+)>(.*?)<\/\1>/);
  return parts.map((part, index) => {
    const place = index % 3;
    if (place === 0) return part;
    if (place === 2) return null;
    const make = tags[part];
    const inner = parts[index + 1] ?? '';
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text keep their order
    return <Fragment key={index}>{make ? make(inner) : inner}</Fragment>;
  });
}
