const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/**
 * A comment is plain text: React escapes it, and web addresses in it become links that lead away
 * safely (only http and https, no referrer, no ranking credit, a new tab).
 */
export function CommentText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
            key={i}
            href={part}
            rel="nofollow ugc noopener noreferrer"
            target="_blank"
            className="text-brand-ink underline"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
