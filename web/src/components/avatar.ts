/** Generated avatars for members without a picture: initials on a gradient picked from the name. */
export function initials(username: string): string {
  const letters = username.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  if (!letters) return '?';
  const words = letters.split(/\s+/);
  const first = words[0] ?? '';
  const second = words[1];
  return (second ? `${first[0]}${second[0]}` : first.slice(0, 2)).toUpperCase();
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}

/** Two hues far enough apart to read as a gradient; white initials stay readable on both. */
export function avatarGradient(username: string): string {
  const h = hash(username.toLowerCase());
  const hue = h % 360;
  const hue2 = (hue + 40 + (h % 50)) % 360;
  return `linear-gradient(135deg, hsl(${hue} 62% 42%), hsl(${hue2} 70% 34%))`;
}
