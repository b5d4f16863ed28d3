import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, data, type RouteObject } from 'react-router';
import { lazyWithReload } from './features/errors/chunkReload';
import { RouteErrorPage } from './features/errors/ErrorPage';
import { listingPaths } from './features/listings/filters';
import {
  AdminLayout,
  DefaultLayout,
  EmptyLayout,
  NoAdsLayout,
  TransparentLayout,
  UserLayout,
} from './layouts/Layouts';
import * as guard from './routes/guards';
import { HydrateFallback, RootError, RootShell } from './routes/RootShell';

type LazyModule = { Component: React.ComponentType };

/** A lazy route whose chunk heals a stale deploy by reloading (at most once a minute). */
const page = (load: () => Promise<LazyModule>) => ({ lazy: lazyWithReload(load) });

/** Error element inside each layout so header and footer stay around the error page. */
const withErrors = (children: RouteObject[]): RouteObject[] => [
  { errorElement: <RouteErrorPage />, children },
];

export function routes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      errorElement: <RootError />,
      HydrateFallback,
      children: [
        {
          Component: TransparentLayout,
          children: withErrors([{ index: true, ...page(() => import('./routes/home')) }]),
        },
        {
          Component: NoAdsLayout,
          children: withErrors([
            {
              loader: guard.guestOnly(queryClient),
              children: [
                { path: 'auth/login', ...page(() => import('./routes/auth/login')) },
                { path: 'auth/register', ...page(() => import('./routes/auth/register')) },
                {
                  path: 'auth/forgot-password',
                  ...page(() => import('./routes/auth/forgot-password')),
                },
                {
                  path: 'auth/forgot-password/:token',
                  ...page(() => import('./routes/auth/reset-password')),
                },
              ],
            },
            {
              path: 'auth/email-confirmation/:token',
              ...page(() => import('./routes/auth/email-confirmation')),
            },
          ]),
        },
        {
          Component: DefaultLayout,
          children: withErrors([
            { path: 'terms', ...page(() => import('./routes/legal/terms')) },
            { path: 'policy/:policy', ...page(() => import('./routes/legal/policy')) },
            { path: '2257', ...page(() => import('./routes/legal/record-keeping')) },
            // Listings: /list, /{app}-usernames and sub-paths, /tags/:tag, /countries/:code.
            ...listingPaths().map((path) => ({
              path,
              ...page(() => import('./routes/listings/list')),
            })),
            { path: 'tags', ...page(() => import('./routes/listings/tags')) },
            { path: 'countries', ...page(() => import('./routes/listings/countries')) },
            { path: 'profile/:id', ...page(() => import('./routes/listings/profile')) },
            {
              path: 'username/:username/:idprofile',
              ...page(() => import('./routes/listings/profile')),
            },
            {
              path: '*',
              loader: () => {
                throw data(null, { status: 404 });
              },
            },
          ]),
        },
        {
          path: 'user',
          Component: UserLayout,
          loader: guard.signedIn(queryClient),
          children: withErrors([
            { index: true, ...page(() => import('./routes/user/home')) },
            { path: 'account', ...page(() => import('./routes/user/account')) },
            { path: 'submit', ...page(() => import('./routes/user/submit')) },
            { path: 'edit/:id', ...page(() => import('./routes/user/edit')) },
            {
              path: '*',
              loader: () => {
                throw data(null, { status: 404 });
              },
            },
          ]),
        },
        {
          path: 'admin',
          Component: AdminLayout,
          loader: guard.admin(queryClient),
          children: withErrors([{ index: true, ...page(() => import('./routes/admin/home')) }]),
        },
        {
          Component: EmptyLayout,
          children: withErrors([
            {
              path: 'maintenance',
              loader: guard.maintenance(queryClient),
              ...page(() => import('./routes/maintenance')),
            },
          ]),
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes(queryClient));
}
