import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { fileBody, useChange } from '@/api/crud';
import type { components } from '@/api/schema.gen';

export type AdminAd = components['schemas']['AdAdminRead'];
export type AdInput = components['schemas']['AdIn'];

const KEY = ['admin', 'ads'] as const;

export function adsQuery() {
  return queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/ads', { signal })),
  });
}

// The slots load ads once a visit: an admin sees their change on the next page.
// The editor closes at once; its list catches up.
function useAdChange<V, R>(fn: (v: V) => Promise<R>) {
  return useChange(fn, [KEY, ['ads']], { wait: false });
}

export function useSaveAd() {
  return useAdChange(({ id, body }: { id?: number; body: AdInput }) =>
    unwrap(
      id
        ? api.PUT('/v1/admin/ads/{ad_id}', { params: { path: { ad_id: id } }, body })
        : api.POST('/v1/admin/ads', { body }),
    ),
  );
}

export function useDeleteAd() {
  return useAdChange(({ id, reason }: { id: number; reason: string }) =>
    unwrap(
      api.DELETE('/v1/admin/ads/{ad_id}', { params: { path: { ad_id: id } }, body: { reason } }),
    ),
  );
}

/** A banner upload: re-encoded by the server without its metadata; its address goes in the ad. */
export function useUploadAdImage() {
  return useMutation({
    mutationFn: (file: File) => unwrap(api.POST('/v1/admin/ads/image', fileBody(file))),
  });
}
