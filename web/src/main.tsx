import 'bootstrap/dist/css/bootstrap.min.css';
import '@/styles/app.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installErrorHandling } from '@/api/errorHandling';
import { seedFromBoot } from '@/boot';
import { listenForInstallPrompt } from '@/features/pwa/pwa';
import { languageReady } from '@/i18n';
import { LanguageProvider } from '@/i18n/useTranslation';
import { keyThisEntry } from '@/lib/historyKey';
import { nextTask } from '@/lib/later';
import { trapTabInModals } from '@/lib/modals';
import { applyTheme, readPreference, resolveTheme, systemPrefersDark } from '@/theme/darkMode';
import { ThemeProvider } from '@/theme/ThemeProvider';
import { createAppRouter } from './router';

// Apply the theme before the first paint so a dark-mode reader never sees a white flash.
applyTheme(resolveTheme(readPreference(), systemPrefersDark()));

const queryClient = new QueryClient({
  defaultOptions: {
    // Failures are already shown once by the error handler; a retry would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
// A page opened by URL starts at the top; back and forward restore their entry's position.
keyThisEntry();
// Keyboard users stay inside whichever modal is open (age gate, reminders, report, Top-Ups...).
trapTabInModals();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

// The home-screen app: a service worker caches the built shell (never the API).
listenForInstallPrompt();
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}

function render(root: HTMLElement, router: ReturnType<typeof createAppRouter>) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LanguageProvider>
          <ThemeProvider>
            {/* Navigations are React transitions (the page shown stays until the next is ready),
                and the router's pending state reaches the progress bar through useOptimistic. */}
            <RouterProvider router={router} useTransitions />
          </ThemeProvider>
        </LanguageProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

/**
 * Start-up in four tasks, not one: the modules' evaluation, the page's boot data, the router's (its
 * matchers for every route, the first match) and the first render each hand the thread back before
 * the next, so that none is long enough to block a tap on a phone (lib/later).
 */
async function start(root: HTMLElement) {
  await nextTask();
  // The page's boot data first: the router's guards and the first render then wait on no request.
  seedFromBoot(queryClient);
  await nextTask();
  const router = createAppRouter(queryClient);
  installErrorHandling(queryClient, (to) => router.navigate(to));
  await nextTask();
  // English renders at once; another language once its catalogue is loaded (or failed to: the
  // words then fall back to English rather than leave the page blank).
  if (languageReady !== null) await languageReady.catch(() => undefined);
  render(root, router);
}

void start(container);
