import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

/**
 * A change to server data that marks the lists it touches stale: an admin page's create, update and
 * delete hooks are this and their endpoint. By default the change stays pending until those lists
 * are fetched again, so a dialog closes on fresh rows; `wait: false` lets the caller go on at once
 * (an editor that closes itself and lets its list catch up).
 */
export function useChange<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  keys: readonly QueryKey[],
  { wait = true }: { wait?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      const fresh = Promise.all(
        keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      return wait ? fresh : undefined;
    },
  });
}

/** The query string of a searched, paged admin table: no `q` when the search is empty. */
export type PageQuery = { q?: string; page: number; per_page: number };

/**
 * One page of a searched admin table. The previous page stays on screen while the next one loads
 * (no flash of a placeholder between pages); `filters` go between the search and the page.
 */
export function pagedQuery<K extends QueryKey, F extends object, T>(
  queryKey: K,
  fetchPage: (query: PageQuery & F, signal: AbortSignal) => Promise<T>,
  { q, page, perPage = 25, filters }: { q: string; page: number; perPage?: number; filters: F },
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      fetchPage({ ...(q ? { q } : {}), ...filters, page, per_page: perPage }, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The body of a file upload: a multipart form with the file, built here (openapi-fetch sends it
 * as is; the schema's body type does not describe a form).
 */
export function fileBody(file: File) {
  const form = new FormData();
  form.append('file', file);
  return { body: {} as never, bodySerializer: () => form };
}
