import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, usernamePath } from '@/api/client';
import type { components } from '@/api/schema.gen';

type S = components['schemas'];
export type CommentRead = S['CommentRead'];
export type Thumb = 'up' | 'down';

export const commentKeys = {
  list: (id: number) => ['listings', 'comments', id] as const,
};

export function commentsQuery(id: number) {
  return queryOptions({
    queryKey: commentKeys.list(id),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/usernames/{username_id}/comments', { ...usernamePath(id), signal })),
    staleTime: 15_000,
  });
}

/** Post, answer, hide, show and report: each refreshes the list it changed. */
export function useCommentActions(id: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: commentKeys.list(id) });
  const path = (comment_id: number) => ({ path: { username_id: id, comment_id } });
  return {
    post: useMutation({
      mutationFn: (body: { text: string; thumb: Thumb | null }) =>
        unwrap(api.POST('/v1/usernames/{username_id}/comments', { ...usernamePath(id), body })),
      onSuccess: refresh,
    }),
    answer: useMutation({
      mutationFn: ({ comment, text }: { comment: number; text: string }) =>
        unwrap(
          api.POST('/v1/usernames/{username_id}/comments/{comment_id}/answer', {
            params: path(comment),
            body: { text },
          }),
        ),
      onSuccess: refresh,
    }),
    hide: useMutation({
      mutationFn: ({ comment, hidden }: { comment: number; hidden: boolean }) =>
        hidden
          ? unwrap(
              api.POST('/v1/usernames/{username_id}/comments/{comment_id}/hide', {
                params: path(comment),
              }),
            )
          : unwrap(
              api.POST('/v1/usernames/{username_id}/comments/{comment_id}/show', {
                params: path(comment),
              }),
            ),
      onSuccess: refresh,
    }),
    report: useMutation({
      mutationFn: ({ comment, message }: { comment: number; message: string }) =>
        unwrap(
          api.POST('/v1/usernames/{username_id}/comments/{comment_id}/reports', {
            params: path(comment),
            body: { message },
          }),
        ),
    }),
  };
}
