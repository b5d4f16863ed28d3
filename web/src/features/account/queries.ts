import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const accountQuery = queryOptions({
  queryKey: ['user', 'account'],
  queryFn: () => unwrap(api.GET('/v1/user/account')),
});

export const sessionsQuery = queryOptions({
  queryKey: ['user', 'sessions'],
  queryFn: () => unwrap(api.GET('/v1/user/sessions')),
});

export const exportQuery = queryOptions({
  queryKey: ['user', 'export'],
  queryFn: () => unwrap(api.GET('/v1/user/export')),
});
