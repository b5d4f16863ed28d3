import './cards.css';

/**
 * Country flags as images: the `flag-icons` SVG set, copied next to the built app under /flags by
 * vite.config.ts. Each page loads only the flags it shows, lazily; none is in the JavaScript bundle.
 * (Emoji flags render as empty boxes on Windows and on many Linux systems.)
 */
const CODE = /^[A-Za-z]{2}$/;

export function flagUrl(code: string | null | undefined): string | null {
  return code && CODE.test(code) ? `/flags/${code.toLowerCase()}.svg` : null;
}

/** A flag next to text that names the country: decorative, so empty alt. */
export function Flag({
  code,
  className = '',
}: {
  code: string | null | undefined;
  className?: string;
}) {
  const src = flagUrl(code);
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      width={20}
      height={15}
      loading="lazy"
      decoding="async"
      className={`flag-img ${className}`}
    />
  );
}
