import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, data, type RouteObject } from 'react-router';
import { lazyWithReload } from '@/errors/chunkReload';
import { RouteErrorPage } from '@/errors/ErrorPage';
import { listingPaths } from '@/features/listings/filters';
import { nudesPaths } from '@/features/media/paths';
import { EmptyLayout } from '@/layouts/Layouts';
import { subPaths } from '@/lib/subPaths';
import * as guard from '@/routes/guards';
import { DefaultLayout, NoAdsLayout, TransparentLayout, UserLayout } from '@/routes/layouts';
import * as prefetch from '@/routes/prefetch';
import { HydrateFallback, RootError, RootShell } from '@/routes/RootShell';
import * as go from '@/routes/redirects';

type LazyModule = { Component: React.ComponentType };

/** Routes that only redirect or answer 404 from their loader still name a component, so React
 * Router never warns about an empty leaf route. */
const Nothing = () => null;

/** A lazy route whose chunk heals a stale deploy by reloading (at most once a minute). */
const page = (load: () => Promise<LazyModule>) => ({ lazy: lazyWithReload(load) });

/** Error element inside each layout so header and footer stay around the error page. */
const withErrors = (children: RouteObject[], id?: string): RouteObject[] => [
  { id, errorElement: <RouteErrorPage />, children },
];

/** The admin area's screens; each one's menu entry and permission are in features/admin/adminNav.ts. */
const ADMIN_HOME: RouteObject = { index: true, ...page(() => import('@/routes/admin/home')) };
const ADMIN_SCREENS: RouteObject[] = [
  { path: 'review', ...page(() => import('@/routes/admin/review')) },
  { path: 'report', ...page(() => import('@/routes/admin/report')) },
  { path: 'comments', ...page(() => import('@/routes/admin/comments')) },
  { path: 'unban-requests', ...page(() => import('@/routes/admin/unban-requests')) },
  { path: 'removal-requests', ...page(() => import('@/routes/admin/removal-requests')) },
  { path: 'notices', ...page(() => import('@/routes/admin/notices')) },
  { path: 'appeals', ...page(() => import('@/routes/admin/appeals')) },
  { path: 'contact', ...page(() => import('@/routes/admin/contact')) },
  { path: 'contact-queue', ...page(() => import('@/routes/admin/contact-queue')) },
  { path: 'macros', ...page(() => import('@/routes/admin/macros')) },
  { path: 'audit', ...page(() => import('@/routes/admin/audit')) },
  { path: 'transparency', ...page(() => import('@/routes/admin/transparency')) },
  { path: 'jobs', ...page(() => import('@/routes/admin/jobs')) },
  { path: 'blog', ...page(() => import('@/routes/admin/blog')) },
  { path: 'edit/blog', ...page(() => import('@/routes/admin/edit-blog')) },
  { path: 'ad', ...page(() => import('@/routes/admin/ad')) },
  { path: 'alerts', ...page(() => import('@/routes/admin/alerts')) },
  { path: 'tags', ...page(() => import('@/routes/admin/tags')) },
  { path: 'groups', ...page(() => import('@/routes/admin/groups')) },
  { path: 'promotions', ...page(() => import('@/routes/admin/promotions')) },
  { path: 'automations', ...page(() => import('@/routes/admin/automations')) },
  { path: 'switch-rules', ...page(() => import('@/routes/admin/switch-rules')) },
  { path: 'order', ...page(() => import('@/routes/admin/orders')) },
  { path: 'keygen', ...page(() => import('@/routes/admin/keygen')) },
  { path: 'pins', ...page(() => import('@/routes/admin/pins')) },
  { path: 'stats', ...page(() => import('@/routes/admin/stats')) },
  { path: 'stats/:page', ...page(() => import('@/routes/admin/stats')) },
  // People and bans: each screen's loader asks the server (403 error page when refused).
  { path: 'users', ...page(() => import('@/routes/admin/users')) },
  { path: 'users/:id', ...page(() => import('@/routes/admin/user')) },
  { path: 'flags', ...page(() => import('@/routes/admin/flags')) },
  { path: 'flags/:id', ...page(() => import('@/routes/admin/flags')) },
  { path: 'ban', ...page(() => import('@/routes/admin/ban')) },
  { path: 'blacklist', ...page(() => import('@/routes/admin/blacklist')) },
  { path: 'trackers', ...page(() => import('@/routes/admin/trackers')) },
  { path: 'image-bans', ...page(() => import('@/routes/admin/image-bans')) },
  { path: 'gallery', ...page(() => import('@/routes/admin/gallery')) },
  { path: 'ondato', ...page(() => import('@/routes/admin/ondato')) },
  { path: 'ondato/stats', ...page(() => import('@/routes/admin/ondato-stats')) },
  { path: 'ondato/test', ...page(() => import('@/routes/admin/ondato-test')) },
];

const adminPaths = (screens: RouteObject[]) => [
  '/admin',
  ...screens.map((s) => `/admin/${s.path}`),
];

/** The member area's pages past /user itself. */
const USER_PAGES: RouteObject[] = [
  { path: 'account', ...page(() => import('@/routes/user/account')) },
  { path: 'submit', ...page(() => import('@/routes/user/submit')) },
  { path: 'edit/:id', ...page(() => import('@/routes/user/edit')) },
  { path: 'orders', ...page(() => import('@/routes/user/orders')) },
  // Orders over 90 days old with nothing still running (docs/decisions.md, "Upkeep").
  { path: 'ordersold', ...page(() => import('@/routes/user/ordersold')) },
  { path: 'missing-key', ...page(() => import('@/routes/user/missing-key')) },
  { path: 'group', ...page(() => import('@/routes/user/group')) },
  { path: 'group/create', ...page(() => import('@/routes/user/group-create')) },
  { path: 'group/:id/edit', ...page(() => import('@/routes/user/group-create')) },
  { path: 'media/:id', ...page(() => import('@/routes/user/media')) },
  { path: 'unban/:id', ...page(() => import('@/routes/user/unban')) },
  { path: 'decisions', ...page(() => import('@/routes/user/decisions')) },
  { path: 'local-swipes', ...page(() => import('@/routes/user/local-swipes')) },
  { path: 'local-swipes/favorites', ...page(() => import('@/routes/user/favorites')) },
];

/** `/{app}-groups`, `/{app}-nudes` and their sub-paths (the bare `/groups` and `/nudes` are routed
 * from the start). */
const communitySubPaths = (): RouteObject[] => [
  ...subPaths('groups')
    .filter((path) => path !== 'groups')
    .map((path) => ({ path, ...page(() => import('@/routes/groups/list')) })),
  ...nudesPaths()
    .filter((path) => path !== 'nudes')
    .map((path) => ({ path, ...page(() => import('@/routes/nudes/list')) })),
];

/**
 * Areas whose routes are added on the first navigation into them (React Router's
 * patchRoutesOnNavigation). A router builds a matcher for every level of every route when it is
 * created: with all ~190 routes that was about 80 ms of a first visit's main thread at Lighthouse's
 * 4x CPU slowdown, for areas a visitor mostly never opens. Until an area is added, its paths reach
 * a route with a parameter (`:token`, a splat), and such a match is what makes the router ask.
 */
const LATER_AREAS: {
  parent: string;
  test: (path: string) => boolean;
  routes: () => RouteObject[];
}[] = [
  {
    parent: 'admin-screens',
    test: (path) => path.startsWith('/admin/'),
    routes: () => ADMIN_SCREENS,
  },
  { parent: 'user-pages', test: (path) => path.startsWith('/user/'), routes: () => USER_PAGES },
  {
    parent: 'pages',
    test: (path) => /^\/[^/]+-(groups|nudes)(\/|$)/.test(path),
    routes: communitySubPaths,
  },
];

/** Adds the routes of the area `path` is in, if it is one of LATER_AREAS. The router skips a
 * route it already holds, and ignores a patch for a navigation that was cancelled, so asking again
 * is always safe. */
export function addAreaRoutes(
  path: string,
  patch: (routeId: string | null, children: RouteObject[]) => void,
) {
  for (const area of LATER_AREAS) if (area.test(path)) patch(area.parent, area.routes());
}

export function routes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      loader: guard.siteOpen(queryClient),
      errorElement: <RootError />,
      HydrateFallback,
      children: [
        {
          Component: TransparentLayout,
          children: withErrors([
            {
              index: true,
              loader: prefetch.home(queryClient),
              ...page(() => import('@/routes/home')),
            },
          ]),
        },
        {
          Component: NoAdsLayout,
          children: withErrors([
            {
              loader: guard.guestOnly(queryClient),
              children: [
                { path: 'auth/login', ...page(() => import('@/routes/auth/login')) },
                { path: 'auth/register', ...page(() => import('@/routes/auth/register')) },
                {
                  path: 'auth/forgot-password',
                  ...page(() => import('@/routes/auth/forgot-password')),
                },
                {
                  path: 'auth/forgot-password/:token',
                  ...page(() => import('@/routes/auth/reset-password')),
                },
              ],
            },
            {
              path: 'auth/email-confirmation/:token',
              ...page(() => import('@/routes/auth/email-confirmation')),
            },
            {
              path: 'auth/email-confirmation',
              ...page(() => import('@/routes/auth/verification')),
            },
            { path: 'auth/Oauth', loader: go.signInCallback(queryClient), Component: Nothing },
            // The spec's sign-in callback (section 2: "callback /login"): the same as /auth/Oauth.
            { path: 'login', loader: go.signInCallback(queryClient), Component: Nothing },
            { path: 'auth/Verification', ...page(() => import('@/routes/auth/verification')) },
            // External age verification: back from the provider, and the offline simulator.
            {
              path: 'age-verification/return',
              ...page(() => import('@/routes/age-verification/return')),
            },
            {
              path: 'age-verification/simulator',
              ...page(() => import('@/routes/age-verification/simulator')),
            },
            // The shop never shows ads (spec section 5).
            {
              path: 'shop',
              loader: prefetch.shop(queryClient),
              ...page(() => import('@/routes/shop/index')),
            },
            { path: 'shop/direct', ...page(() => import('@/routes/shop/direct')) },
            { path: 'shop/direct/old', ...page(() => import('@/routes/shop/direct-old')) },
            {
              path: 'shop/direct/order/:token',
              ...page(() => import('@/routes/shop/direct-order')),
            },
            { path: 'shop/checkout/:sku', ...page(() => import('@/routes/shop/checkout')) },
            {
              path: 'shop/privacy-policy',
              ...page(() => import('@/routes/shop/privacy-policy')),
            },
            {
              path: 'shop/terms-of-service',
              ...page(() => import('@/routes/shop/terms-of-service')),
            },
          ]),
        },
        {
          Component: DefaultLayout,
          children: withErrors(
            [
              { path: 'terms', ...page(() => import('@/routes/legal/terms')) },
              { path: 'policy/:policy', ...page(() => import('@/routes/legal/policy')) },
              { path: '2257', ...page(() => import('@/routes/legal/record-keeping')) },
              // Listings: /list, /{app}-usernames and sub-paths, /tags/:tag, /countries/:code.
              ...listingPaths().map((path) => ({
                path,
                loader: prefetch.listing(queryClient),
                ...page(() => import('@/routes/listings/list')),
              })),
              { path: 'tags', ...page(() => import('@/routes/listings/tags')) },
              { path: 'countries', ...page(() => import('@/routes/listings/countries')) },
              { path: 'missing-key', ...page(() => import('@/routes/shop/missing-key')) },
              // Community: groups, nudes, local swipes, blog, help and requests.
              { path: 'groups', ...page(() => import('@/routes/groups/list')) },
              { path: 'group/:slug', ...page(() => import('@/routes/groups/group')) },
              // The spec's optional-parameter forms lead to the list or the member's own page.
              { path: 'group', loader: go.to('/groups'), Component: Nothing },
              { path: 'nude', loader: go.to('/nudes'), Component: Nothing },
              { path: 'profile', loader: go.ownProfile(queryClient), Component: Nothing },
              { path: 'username', loader: go.to('/list'), Component: Nothing },
              { path: 'username/:username', loader: go.usernameLoader, Component: Nothing },
              { path: 'nudes', ...page(() => import('@/routes/nudes/list')) },
              { path: 'nude/:slug', ...page(() => import('@/routes/nudes/gallery')) },
              { path: 'local-swipes', ...page(() => import('@/routes/swipes/landing')) },
              { path: 'blog', ...page(() => import('@/routes/content/blog')) },
              { path: 'blog/:slug', ...page(() => import('@/routes/content/blog-post')) },
              { path: 'help', ...page(() => import('@/routes/content/help')) },
              { path: 'help/ranking', ...page(() => import('@/routes/content/ranking')) },
              { path: 'contact-us', ...page(() => import('@/routes/content/contact')) },
              {
                path: 'remove-username',
                ...page(() => import('@/routes/content/remove-username')),
              },
              {
                path: 'report-content',
                ...page(() => import('@/routes/content/report-content')),
              },
              { path: 'transparency', ...page(() => import('@/routes/content/transparency')) },
              {
                path: 'profile/:id',
                loader: prefetch.profile(queryClient),
                ...page(() => import('@/routes/listings/profile')),
              },
              {
                path: 'username/:username/:idprofile',
                loader: prefetch.profile(queryClient),
                ...page(() => import('@/routes/listings/profile')),
              },
              // A top-level short link: a username's handle (docs/decisions.md), else the 404 page.
              { path: ':token', loader: go.shortLinkLoader, Component: Nothing },
              {
                path: '*',
                Component: Nothing,
                loader: () => {
                  throw data(null, { status: 404 });
                },
              },
            ],
            'pages',
          ),
        },
        {
          path: 'user',
          Component: UserLayout,
          loader: guard.signedIn(queryClient),
          children: withErrors(
            [
              { index: true, ...page(() => import('@/routes/user/home')) },
              {
                path: 'switch',
                loader: guard.studio(queryClient),
                ...page(() => import('@/routes/user/switch')),
              },
              // Its other pages come on the first visit to one of them (LATER_AREAS).
              {
                path: '*',
                Component: Nothing,
                loader: () => {
                  throw data(null, { status: 404 });
                },
              },
            ],
            'user-pages',
          ),
        },
        {
          path: 'admin',
          // The admin layout (its menu and drawer) is a chunk of its own, like its screens.
          ...page(() => import('@/routes/admin/layout')),
          loader: guard.admin(queryClient),
          // The menu shows an entry only when its screen is routed here.
          handle: { adminPaths: adminPaths(ADMIN_SCREENS) },
          children: withErrors([ADMIN_HOME], 'admin-screens'),
        },
        {
          Component: EmptyLayout,
          children: withErrors([
            {
              path: 'maintenance',
              loader: guard.maintenance(queryClient),
              ...page(() => import('@/routes/maintenance')),
            },
            { path: 'up', ...page(() => import('@/routes/content/up')) },
          ]),
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes(queryClient), {
    patchRoutesOnNavigation: ({ path, patch }) => addAreaRoutes(path, patch),
  });
}
