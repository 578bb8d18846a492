import { highlightParts } from '../../../modules/search/search-constants.contract';

/**
 * A result's text with the parts that hold what the fan typed marked. Every part is a text node,
 * so a name with markup in it shows as the characters it is.
 */
export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <mark key={index} className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-500/40">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
