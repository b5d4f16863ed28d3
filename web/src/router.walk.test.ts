import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { addAreaRoutes, routes } from '@/router';
import walk from '@/routeWalk.json';

/** Every leaf route's full pattern; `bases` maps a route id to where its children hang. */
function patterns(list: RouteObject[], base: string, out: Set<string>, bases: Map<string, string>) {
  for (const r of list) {
    const here = r.path ? `${base.replace(/\/$/, '')}/${r.path}` : base;
    if (r.id) bases.set(r.id, here);
    if (r.index || (r.path && !r.children?.length)) out.add(here || '/');
    if (r.children) patterns(r.children, here, out, bases);
  }
}

/** The router's every page, the later areas (admin, member, community sub-paths) included. */
function routePatterns(): string[] {
  const out = new Set<string>();
  const bases = new Map<string, string>();
  patterns(routes(new QueryClient()), '', out, bases);
  for (const probe of ['/admin/x', '/user/x', '/kik-groups', '/kik-nudes'])
    addAreaRoutes(probe, (id, children) =>
      patterns(children, bases.get(id ?? '') ?? '', out, bases),
    );
  return [...out].sort();
}

describe('the route walk (src/routeWalk.json)', () => {
  it('has a sample path for every route of the web router, and nothing else', () => {
    // A route added to router.tsx without a sample here fails: the backend's walk
    // (tests/core/test_route_walk.py) and the browser's (e2e/newcomer.spec.ts) read this file.
    expect(Object.keys(walk.routes).sort()).toEqual(routePatterns());
  });

  it('fills in every parameter of the pattern', () => {
    for (const [pattern, sample] of Object.entries(walk.routes)) {
      expect(sample.path, pattern).not.toMatch(/:[a-z]|\*/i);
      if (!pattern.endsWith('*'))
        expect(sample.path.split('/').length, pattern).toBe(pattern.split('/').length);
    }
  });
});
