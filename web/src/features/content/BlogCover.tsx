/**
 * A cover generated from a post's title: two hues, a few soft shapes and the title's initial, all
 * picked from a hash of the title, so every post looks its own without a photo.
 */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

export function coverShape(title: string) {
  const h = hash(title);
  const hue = h % 360;
  const hue2 = (hue + 50 + ((h >>> 9) % 80)) % 360;
  const angle = (h >>> 3) % 4;
  const circles = [0, 1, 2].map((i) => {
    const bits = h >>> (i * 7 + 5);
    return { cx: 40 + (bits % 240), cy: 20 + ((bits >>> 3) % 140), r: 28 + ((bits >>> 5) % 60) };
  });
  const initial = (title.trim().match(/[\p{L}\p{N}]/u)?.[0] ?? '#').toUpperCase();
  return { hue, hue2, angle, circles, initial };
}

export function BlogCover({ title, className = '' }: { title: string; className?: string }) {
  const { hue, hue2, angle, circles, initial } = coverShape(title);
  const id = `cover-${hash(title).toString(36)}`;
  const [x1, y1, x2, y2] = [
    ['0', '0', '1', '1'],
    ['1', '0', '0', '1'],
    ['0', '1', '1', '0'],
    ['0', '0', '1', '0'],
  ][angle] as string[];
  return (
    <svg
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      className={`blog-cover ${className}`}
      aria-hidden="true"
      focusable="false"
      data-testid="blog-cover"
    >
      <defs>
        <linearGradient id={id} x1={x1} y1={y1} x2={x2} y2={y2}>
          <stop offset="0" stopColor={`hsl(${hue} 70% 45%)`} />
          <stop offset="1" stopColor={`hsl(${hue2} 75% 30%)`} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${id})`} />
      {circles.map((c, i) => (
        <circle
          // biome-ignore lint/suspicious/noArrayIndexKey: three fixed shapes.
          key={i}
          cx={c.cx}
          cy={c.cy}
          r={c.r}
          fill="#fff"
          fillOpacity={0.08 + i * 0.05}
        />
      ))}
      <text
        x="292"
        y="150"
        textAnchor="end"
        fontSize="96"
        fontWeight="800"
        fill="#fff"
        fillOpacity="0.85"
        fontFamily="system-ui, sans-serif"
      >
        {initial}
      </text>
    </svg>
  );
}
