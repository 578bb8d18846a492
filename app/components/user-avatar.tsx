/** A user's round picture; without one, the first letter of the name on the brand colour. */
export function UserAvatar({
  src,
  name,
  size = 48,
  alt = '',
}: {
  src: string | null;
  name: string;
  size?: number;
  /** Empty when the name is written next to it. */
  alt?: string;
}) {
  if (src)
    return (
      <img
        src={src}
        alt={alt}
        width={size}
        height={size}
        className="shrink-0 rounded-full bg-zinc-200 object-cover dark:bg-zinc-800"
        style={{ width: size, height: size }}
      />
    );
  const style = { width: size, height: size, fontSize: size * 0.42 };
  const className =
    'flex shrink-0 items-center justify-center rounded-full bg-brand font-semibold text-white uppercase';
  if (alt)
    return (
      <span role="img" aria-label={alt} className={className} style={style}>
        {name.slice(0, 1)}
      </span>
    );
  return (
    <span aria-hidden="true" className={className} style={style}>
      {name.slice(0, 1)}
    </span>
  );
}
