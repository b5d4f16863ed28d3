import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap, usernamePath } from '@/api/client';
import { myUsernamesKey } from '@/api/queryKeys';
import type { components } from '@/api/schema.gen';
import type { AppName, Gender, Orientation } from '@/config/options';
import { toast } from '@/toasts/toastStore';

export type MyMedia = components['schemas']['MyMedia'];
export type MediaRead = components['schemas']['MediaRead'];
export type NudesCard = components['schemas']['NudesCard'];
export type Gallery = components['schemas']['Gallery'];

export interface NudesQuery {
  app?: AppName;
  gender?: Gender;
  orientation?: Orientation;
  vip?: boolean;
  order?: 'latest' | 'popular';
  page: number;
  per_page: number;
}

export const mediaKeys = {
  mine: (id: number) => ['user', 'media', id] as const,
  nudes: (q: NudesQuery) => ['nudes', 'list', q] as const,
  gallery: (slug: string) => ['nudes', 'gallery', slug] as const,
};

export function useMyMedia(id: number) {
  return useQuery({
    queryKey: mediaKeys.mine(id),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/user/usernames/{username_id}/media', { ...usernamePath(id), signal })),
    retry: false,
  });
}

function formOf(field: string, files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append(field, file, file.name);
  return form;
}

/** Gallery upload (up to 5 files) or profile picture (one file), as multipart. */
export function useUpload(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, kind }: { files: File[]; kind: 'gallery' | 'profile' }) => {
      const path = usernamePath(id);
      if (kind === 'profile') {
        const form = formOf('file', files.slice(0, 1));
        return unwrap(
          api.POST('/v1/user/usernames/{username_id}/profile-picture', {
            ...path,
            body: {} as never,
            bodySerializer: () => form,
          }),
        );
      }
      const form = formOf('files', files);
      return unwrap(
        api.POST('/v1/user/usernames/{username_id}/media', {
          ...path,
          body: {} as never,
          bodySerializer: () => form,
        }),
      );
    },
    onSuccess: (result) => {
      if (result.skipped_message) toast.warning(result.skipped_message);
      if (result.success) toast.success(result.message);
      else toast.danger(result.message);
    },
    // A refusal sent as an error status was toasted by the app-wide handler; the files skipped
    // for their size, when the error says so, are still worth a word.
    onError: (error) => {
      const skipped = error instanceof ApiError ? error.details.skipped_message : null;
      if (typeof skipped === 'string' && skipped) toast.warning(skipped);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mediaKeys.mine(id) });
      void queryClient.invalidateQueries({ queryKey: ['nudes'] });
      void queryClient.invalidateQueries({ queryKey: myUsernamesKey });
    },
  });
}

export function useDeleteMedia(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: number) =>
      unwrap(
        api.DELETE('/v1/user/usernames/{username_id}/media/{media_id}', {
          params: { path: { username_id: id, media_id: mediaId } },
        }),
      ),
    onSuccess: (result) => toast.success(result.message),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mediaKeys.mine(id) });
      void queryClient.invalidateQueries({ queryKey: ['nudes'] });
    },
  });
}

export function useNudes(query: NudesQuery) {
  return useQuery({
    queryKey: mediaKeys.nudes(query),
    queryFn: ({ signal }) => unwrap(api.GET('/v1/nudes', { params: { query }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useGallery(slug: string) {
  return useQuery({
    queryKey: mediaKeys.gallery(slug),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/nudes/{slug}', { params: { path: { slug } }, signal })),
    retry: false,
  });
}
