import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';

export type AppealItem = components['schemas']['AppealAdmin'];

export function appealsQuery(status: 'open' | 'decided', page: number) {
  return queryOptions({
    queryKey: ['decisions', 'appeals', status, page] as const,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/appeals', { params: { query: { status, page } }, signal })),
  });
}

export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      reason,
    }: {
      id: number;
      action: 'uphold' | 'reverse';
      reason: string;
    }) =>
      unwrap(
        api.POST('/v1/admin/appeals/{appeal_id}/decide', {
          params: { path: { appeal_id: id } },
          body: { action, reason },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['decisions'] }),
  });
}
