import { useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { BrandStyle } from '@/config/BrandStyle';
import { ErrorPage, ErrorPageBoundary, RouteErrorPage } from '@/errors/ErrorPage';
import { AgeGate, useAgeGateShown } from '@/features/age-gate/AgeGate';
import { AppPrompts } from '@/features/pwa/AppPrompts';
import { useAfterFirstPaint } from '@/hooks/useAfterFirstPaint';
import { usePageViews } from '@/hooks/usePageViews';
import { useScrollRestoreOnGrow } from '@/hooks/useScrollRestoreOnGrow';
import { OfflineBanner } from '@/layouts/OfflineBanner';
import { ProgressBar } from '@/layouts/ProgressBar';
import { isAgeConfirmed } from '@/session/ageGate';
import { ToastStack } from '@/toasts/ToastStack';

/** Everything every page shares: brand colours, progress bar, app prompts, toasts, age gate. */
export function RootShell() {
  usePageViews();
  useScrollRestoreOnGrow();
  // A first-time visitor's first frame is the age gate, which covers the page: the page behind it
  // is drawn in the next task. On a phone that frame comes a whole page's render sooner (the gate's
  // text is the largest thing on the first screen), and the first view is two renders, not one.
  // Visitors who answered it, and every page after the first, draw the page at once.
  const [gateFirst] = useState(() => !isAgeConfirmed());
  const gateShown = useAgeGateShown(!gateFirst);
  const painted = useAfterFirstPaint();
  return (
    <>
      <BrandStyle />
      <ProgressBar />
      <OfflineBanner />
      <AppPrompts />
      {gateShown && !painted ? null : <Outlet />}
      <AgeGate />
      <ToastStack />
      <ScrollRestoration />
    </>
  );
}

/** When even a layout fails: the error page without the site chrome. */
export function RootError() {
  return (
    <main className="container py-5">
      <RouteErrorPage />
      <ToastStack />
    </main>
  );
}

export function HydrateFallback() {
  return <div className="addme-boot" aria-busy="true" />;
}

export function NotFound() {
  return (
    <ErrorPageBoundary>
      <ErrorPage status={404} />
    </ErrorPageBoundary>
  );
}
