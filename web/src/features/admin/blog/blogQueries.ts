import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { fileBody, useChange } from '@/api/crud';
import type { components } from '@/api/schema.gen';

export type BlogPost = components['schemas']['BlogAdminRead'];
export type BlogIn = components['schemas']['BlogIn'];

const blogKey = ['admin', 'blog'] as const;

export function blogPostsQuery(q: string) {
  return queryOptions({
    queryKey: [...blogKey, 'list', q] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/blog', { params: { query: q ? { q } : {} }, signal })),
  });
}

export function blogPostQuery(id: number) {
  return queryOptions({
    queryKey: [...blogKey, 'post', id] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/blog/{post_id}', { params: { path: { post_id: id } }, signal })),
  });
}

export function useSavePost(id: number | null) {
  return useChange(
    (body: BlogIn) =>
      id
        ? unwrap(api.PUT('/v1/admin/blog/{post_id}', { params: { path: { post_id: id } }, body }))
        : unwrap(api.POST('/v1/admin/blog', { body })),
    [blogKey],
  );
}

export function useRemovePost() {
  return useChange(
    ({ id, reason }: { id: number; reason: string }) =>
      unwrap(
        api.DELETE('/v1/admin/blog/{post_id}', {
          params: { path: { post_id: id } },
          body: { reason },
        }),
      ),
    [blogKey],
  );
}

export function usePreview() {
  return useMutation({
    mutationFn: (body_markdown: string) =>
      unwrap(api.POST('/v1/admin/blog/preview', { body: { body_markdown } })),
  });
}

export function useUploadPicture() {
  return useMutation({
    mutationFn: (file: File) => unwrap(api.POST('/v1/admin/blog/picture', fileBody(file))),
  });
}
