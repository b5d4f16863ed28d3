import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';

type S = components['schemas'];
export type MyDecision = S['MyDecision'];

export const decisionKeys = {
  mine: ['decisions', 'mine'] as const,
};

export const myDecisionsQuery = queryOptions({
  queryKey: decisionKeys.mine,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/user/decisions', { signal })),
});

export function useAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) =>
      unwrap(
        api.POST('/v1/user/decisions/{statement_id}/appeal', {
          params: { path: { statement_id: id } },
          body: { message },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.mine }),
  });
}
