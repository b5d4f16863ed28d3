import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '@/api/client';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { ActionDialog } from './ActionDialog';
import { formatWhen } from './format';
import { type AdminUserDetail, peopleKeys } from './queries';

/**
 * The trusted-flagger flag: this member's underage reports hide a listing at once, whatever the
 * account's age or record. Set and cleared with a reason (audited).
 */
export function TrustedFlagger({ detail }: { detail: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const flag = detail.trusted_flagger;
  const [open, setOpen] = useState(false);
  const save = useMutation({
    mutationFn: (reason: string) =>
      unwrap(
        api.PUT('/v1/admin/users/{user_id}/trusted-flagger', {
          params: { path: { user_id: detail.user.id } },
          body: { trusted: !flag.trusted, reason },
        }),
      ),
    onSuccess: (out) => {
      toast.success(t(out.trusted ? 'people.user.flagger.set' : 'people.user.flagger.cleared'));
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.users });
    },
  });
  const action = flag.trusted ? 'clear' : 'add';
  return (
    <div data-testid="trusted-flagger">
      <p className="mb-2">
        {flag.trusted
          ? t('people.user.flagger.on', {
              since: formatWhen(flag.since ?? null, i18n.language),
              reason: flag.reason ?? '',
            })
          : t('people.user.flagger.off')}
      </p>
      <button
        type="button"
        className={`btn btn-touch ${flag.trusted ? 'btn-outline-danger' : 'btn-outline-secondary'}`}
        onClick={() => setOpen(true)}
      >
        {t(`people.user.flagger.${action}`)}
      </button>
      {open && (
        <ActionDialog
          show
          pending={save.isPending}
          onClose={() => setOpen(false)}
          title={t(`people.user.flagger.${action}`)}
          message={t(`people.user.flagger.${action}Dialog`, { email: detail.user.email })}
          confirmLabel={t(`people.user.flagger.${action}`)}
          onConfirm={(reason) => save.mutate(reason)}
        />
      )}
    </div>
  );
}
