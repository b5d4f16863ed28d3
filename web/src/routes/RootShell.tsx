import { Outlet, ScrollRestoration } from 'react-router';
import { BrandStyle } from '@/config/BrandStyle';
import { ErrorPage, ErrorPageBoundary, RouteErrorPage } from '@/errors/ErrorPage';
import { AgeGate } from '@/features/age-gate/AgeGate';
import { AppPrompts } from '@/features/pwa/AppPrompts';
import { usePageViews } from '@/hooks/usePageViews';
import { OfflineBanner } from '@/layouts/OfflineBanner';
import { ProgressBar } from '@/layouts/ProgressBar';
import { ToastStack } from '@/toasts/ToastStack';

/** Everything every page shares: brand colours, progress bar, app prompts, toasts, age gate. */
export function RootShell() {
  usePageViews();
  return (
    <>
      <BrandStyle />
      <ProgressBar />
      <OfflineBanner />
      <AppPrompts />
      <Outlet />
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
