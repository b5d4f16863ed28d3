import { useLayoutEffect } from 'react';
import { normalizeHex, readableTextOn } from '@/lib/color';
import { DEFAULT_CONFIG, useConfig } from './config';

/** Applies the brand accent from the config as CSS variables, with readable text on top. */
export function BrandStyle() {
  const config = useConfig();
  const accent = normalizeHex(config.accent_color) ?? (DEFAULT_CONFIG.accent_color as string);

  // A custom property set on the root restyles every element of the page (it is inherited). As an
  // effect, after the first paint, that was the whole page's style computed a second time (30-40
  // ms of a phone's main thread at Lighthouse's 4x); as a layout effect it is there before the
  // first frame's style is computed, once. The stylesheet has the default accent (styles/app.css),
  // so that one is never set.
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const current = root.getPropertyValue('--addme-accent') || DEFAULT_CONFIG.accent_color;
    if (current === accent) return;
    root.setProperty('--addme-accent', accent);
    root.setProperty('--addme-on-accent', readableTextOn(accent));
  }, [accent]);

  return null;
}
