import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrandStyle } from './BrandStyle';
import { DEFAULT_CONFIG } from './config';

function withAccent(accent: string) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['config'], { ...DEFAULT_CONFIG, accent_color: accent });
  return render(
    <QueryClientProvider client={queryClient}>
      <BrandStyle />
    </QueryClientProvider>,
  );
}

const root = () => document.documentElement.style;

afterEach(() => {
  root().removeProperty('--addme-accent');
  root().removeProperty('--addme-on-accent');
});

describe('the brand accent', () => {
  it("leaves the page's style alone when the accent is the stylesheet's own", async () => {
    withAccent(DEFAULT_CONFIG.accent_color as string);
    // Effects have run once a later timer has fired.
    await new Promise((done) => setTimeout(done, 60));
    expect(root().getPropertyValue('--addme-accent')).toBe('');
    expect(root().getPropertyValue('--addme-on-accent')).toBe('');
  });

  it('sets another accent, with readable text on it', async () => {
    withAccent('#ffe14d');
    await waitFor(() => expect(root().getPropertyValue('--addme-accent')).toBe('#ffe14d'));
    expect(root().getPropertyValue('--addme-on-accent')).toBe('#000000');
  });
});
