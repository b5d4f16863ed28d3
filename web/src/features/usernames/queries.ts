import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, usernamePath } from '@/api/client';
import { listingsKey, myUsernamesKey } from '@/api/queryKeys';
import { userKey } from '@/session/session';
import { toast } from '@/toasts/toastStore';

/** After any change: my list, my counters (the user), and the public lists are stale. */
export function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myUsernamesKey }),
      queryClient.invalidateQueries({ queryKey: userKey }),
      queryClient.invalidateQueries({ queryKey: listingsKey }),
    ]);
}

type ActionAnswer = { success?: boolean; message: string };

/** One action endpoint answering `{success, message}`: toast the message, then refresh. */
export function useUsernameAction(call: (id: number) => Promise<ActionAnswer>) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      if (data.success === false) toast.danger(data.message);
      else toast.success(data.message);
      void refresh();
    },
  });
}

export const actions = {
  delist: (id: number) =>
    unwrap(api.POST('/v1/user/usernames/{username_id}/delist', usernamePath(id))),
  relist: (id: number) =>
    unwrap(api.POST('/v1/user/usernames/{username_id}/relist', usernamePath(id))),
  topup: (id: number) =>
    unwrap(api.POST('/v1/user/usernames/{username_id}/topup', usernamePath(id))),
  firePin: (id: number) =>
    unwrap(api.POST('/v1/user/usernames/{username_id}/fire-pin', usernamePath(id))),
  remove: (id: number) => unwrap(api.DELETE('/v1/user/usernames/{username_id}', usernamePath(id))),
};
