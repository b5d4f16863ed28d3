import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Placeholder } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { LoadError } from '@/components/LoadError';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { ActionDialog } from './ActionDialog';
import { formatWhen } from './format';
import { peopleKeys } from './queries';

type Flag = components['schemas']['TrustFlagClearIn']['flag'];
/** trust/flags.py MIN_REASON. */
const MIN_REASON = 10;

export const trustFlagsQuery = (userId: number) => ({
  queryKey: [...peopleKeys.users, userId, 'flags'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    unwrap(
      api.GET('/v1/admin/users/{user_id}/flags', { params: { path: { user_id: userId } }, signal }),
    ),
});

/**
 * An account's high-risk and account-hopping flags, each cleared by a moderator who found it false,
 * with a reason of 10 characters or more (audited). Shows nothing else of the account.
 */
export function TrustFlags({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(trustFlagsQuery(userId));
  const [open, setOpen] = useState<Flag | null>(null);
  const clear = useMutation({
    mutationFn: ({ flag, reason }: { flag: Flag; reason: string }) =>
      unwrap(
        api.POST('/v1/admin/users/{user_id}/flags/clear', {
          params: { path: { user_id: userId } },
          body: { flag, reason },
        }),
      ),
    onSuccess: (_out, { flag }) => {
      toast.success(t(`people.flags.cleared.${flag}`));
      setOpen(null);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.users });
    },
  });
  const when = (iso: string | null | undefined) => formatWhen(iso, i18n.language);
  if (query.isError)
    return (
      <LoadError
        message={t('people.common.loadError')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (!query.data)
    return (
      <Placeholder as="div" animation="glow">
        <Placeholder xs={12} className="rounded-4" style={{ height: '6rem' }} />
      </Placeholder>
    );
  const f = query.data;
  const rows: { flag: Flag; set: boolean; text: string; note: string | null }[] = [
    {
      flag: 'high_risk',
      set: f.high_risk,
      text: f.high_risk ? t('people.flags.highRiskOn') : t('people.flags.highRiskOff'),
      note: f.high_risk_cleared_until
        ? t('people.flags.highRiskCleared', { until: when(f.high_risk_cleared_until) })
        : null,
    },
    {
      flag: 'hopping',
      set: f.hopping_restricted_until != null,
      text: f.hopping_restricted_until
        ? t('people.flags.hoppingOn', { until: when(f.hopping_restricted_until) })
        : t('people.flags.hoppingOff'),
      note: f.hopping_cleared_at
        ? t('people.flags.hoppingCleared', { at: when(f.hopping_cleared_at) })
        : null,
    },
  ];
  return (
    <div data-testid="trust-flags">
      <ul className="list-unstyled d-flex flex-column gap-3 mb-0">
        {rows.map((r) => (
          <li key={r.flag} data-testid={`flag-${r.flag}`}>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <span className={`badge ${r.set ? 'text-bg-warning' : 'text-bg-light border'}`}>
                {t(`people.flags.name.${r.flag}`)}
              </span>
              <span>{r.text}</span>
            </div>
            {r.note && <div className="small text-body-secondary mt-1">{r.note}</div>}
            {r.set && (
              <button
                type="button"
                className="btn btn-outline-secondary btn-touch mt-2"
                onClick={() => setOpen(r.flag)}
              >
                {t(`people.flags.clear.${r.flag}`)}
              </button>
            )}
          </li>
        ))}
      </ul>
      {open && (
        <ActionDialog
          show
          pending={clear.isPending}
          onClose={() => setOpen(null)}
          title={t(`people.flags.clear.${open}`)}
          message={t(`people.flags.dialog.${open}`, { id: userId })}
          confirmLabel={t(`people.flags.clear.${open}`)}
          reasonMinLength={MIN_REASON}
          onConfirm={(reason) => clear.mutate({ flag: open, reason })}
        />
      )}
    </div>
  );
}
