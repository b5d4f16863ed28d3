import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { DEFAULT_CONFIG } from '@/config/config';
import { LanguageProvider } from '@/i18n/useTranslation';
import { type User, userKey } from '@/session/session';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    first_name: 'Sam',
    email: 'sam@example.com',
    email_confirmed: true,
    country_code: 'CA',
    admin_level: null,
    usernames_count: 0,
    max_usernames: 1,
    username_slots: 1,
    top_ups_count: 0,
    fire_pins_count: 0,
    is_studio: false,
    studio_ending_at: null,
    is_automated_topup: false,
    automation_topup_ending_at: null,
    is_promoted: false,
    promotion_ending_at: null,
    age_verified: false,
    last_top_up: null,
    last_free_topup: null,
    latest_username: null,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    ...overrides,
  } as User;
}

/** Renders routes in a memory router with a query client primed with the user and config. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', user = null }: { path?: string; user?: User | null } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(userKey, user);
  queryClient.setQueryData(['config'], DEFAULT_CONFIG);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <RouterProvider router={router} />
      </LanguageProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
