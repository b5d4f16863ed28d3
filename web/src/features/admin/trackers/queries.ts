import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { operations } from '@/api/schema.gen';

export type TrackerSearch = NonNullable<
  operations['list_trackers_v1_admin_trackers_get']['parameters']['query']
>;
export type TrackerField = 'ip' | 'username' | 'user' | 'day';
export const TRACKER_FIELDS: readonly TrackerField[] = ['ip', 'username', 'user', 'day'];
export const TRACKERS_PER_PAGE = 25;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The look-up in the address bar (shareable, kept on reload), cleaned: unknown values dropped. */
export function readTrackerSearch(params: URLSearchParams): TrackerSearch {
  const search: TrackerSearch = { per_page: TRACKERS_PER_PAGE };
  for (const field of TRACKER_FIELDS) {
    const value = params.get(field)?.trim();
    if (!value) continue;
    if (field === 'day' && !DAY.test(value)) continue;
    search[field] = value;
  }
  const page = Number(params.get('page') ?? '1');
  if (Number.isInteger(page) && page > 1) search.page = page;
  return search;
}

/** Whether the admin asked for something in particular (an empty answer is then 'Tracker not found'). */
export function isLookUp(search: TrackerSearch): boolean {
  return TRACKER_FIELDS.some((field) => !!search[field]);
}

export function trackersQuery(search: TrackerSearch) {
  return queryOptions({
    queryKey: ['admin', 'trackers', search] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/trackers', { params: { query: search }, signal })),
    placeholderData: (previous) => previous,
  });
}
