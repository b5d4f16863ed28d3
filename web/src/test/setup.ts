import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
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
