import { useEffect } from 'react';
import { normalizeHex, readableTextOn } from '@/lib/color';
import { DEFAULT_CONFIG, useConfig } from './config';

/** Applies the brand accent from the config as CSS variables, with readable text on top. */
export function BrandStyle() {
  const config = useConfig();
  const accent = normalizeHex(config.accent_color) ?? (DEFAULT_CONFIG.accent_color as string);

  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--addme-accent', accent);
    root.setProperty('--addme-on-accent', readableTextOn(accent));
  }, [accent]);

  return null;
}
