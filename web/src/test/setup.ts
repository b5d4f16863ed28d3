import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import '@/i18n';

afterEach(() => {
  // Node-environment tests (scripts/) have no DOM to clean.
  if (typeof document === 'undefined') return;
  cleanup();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting test cookies.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

// Work a page defers past its first paint (hooks/useAfterFirstPaint, lib/later: an animation frame,
// then a timer) can leave one such timer behind the last test of a file; it must fire before the
// file's DOM is taken down, or Vitest reports an uncaught error.
afterAll(async () => {
  if (typeof document === 'undefined') return;
  await new Promise((done) => setTimeout(done, 100));
});
