import { useEffect, useState } from 'react';

/** A CSS variable's current value on the page (canvas charts read their colours from it). */
export function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * The page's theme (`data-bs-theme`), followed as it switches: a canvas takes its colours when
 * drawn, so a chart lists this among its effect's dependencies to redraw in the new theme.
 */
export function useThemeAttribute(): string | null {
  const [theme, setTheme] = useState(() =>
    typeof document === 'undefined' ? null : document.documentElement.getAttribute('data-bs-theme'),
  );
  useEffect(() => {
    const root = document.documentElement;
    const watch = new MutationObserver(() => setTheme(root.getAttribute('data-bs-theme')));
    watch.observe(root, { attributes: true, attributeFilter: ['data-bs-theme'] });
    return () => watch.disconnect();
  }, []);
  return theme;
}
