import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { ActionButton } from '@/components/admin/ActionButton';
import { LoadState } from '@/components/admin/LoadState';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { ActionDialog } from './ActionDialog';
import { formatWhen } from './format';
import { peopleKeys } from './queries';

type Flag = components['schemas']['TrustFlagClearIn']['flag'];
type Assessment = components['schemas']['BotAssessmentRead'];
/** The reasons trust/bots.py gives (`code` or `code:detail`); another is shown as it came. */
const REASONS = new Set([
  'no_user_agent',
  'scripted_user_agent',
  'form_too_fast',
  'form_stamp_missing',
  'form_stamp_forged',
  'form_stamp_stale',
  'device_accounts',
  'hcaptcha_score',
  'captcha_hostname',
  'captcha_action',
]);
/** trust/flags.py MIN_REASON. */
const MIN_REASON = 10;

/**
 * Why the bot and device assessment found something at a sign-up, sign-in or free Top-Up claim,
 * newest first, each with its date, score and reasons (issue 37).
 */
function Assessments({ rows }: { rows: Assessment[] }) {
  const { t, i18n } = useTranslation();
  const reason = (raw: string) => {
    const at = raw.indexOf(':');
    const code = at < 0 ? raw : raw.slice(0, at);
    const detail = at < 0 ? '' : raw.slice(at + 1);
    return REASONS.has(code) ? t(`people.flags.assessments.reason.${code}`, { detail }) : raw;
  };
  return (
    <section className="mt-3" aria-labelledby="bot-assessments" data-testid="bot-assessments">
      <h3 className="h6" id="bot-assessments">
        {t('people.flags.assessments.title')}
      </h3>
      {rows.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t('people.flags.assessments.empty')}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-2 mb-0">
          {rows.map((a) => (
            <li key={`${a.created_at}-${a.action}`} data-testid="bot-assessment">
              <div className="d-flex flex-wrap align-items-center gap-2 small">
                {a.bot && (
                  <span className="badge text-bg-danger">{t('people.flags.assessments.bot')}</span>
                )}
                <span>
                  {t('people.flags.assessments.row', {
                    when: formatWhen(a.created_at, i18n.language),
                    action: t(`people.flags.assessments.action.${a.action}`),
                    score: a.score.toFixed(2),
                  })}
                </span>
              </div>
              <ul className="small mb-0">
                {a.reasons.map((r) => (
                  <li key={r}>{reason(r)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

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
  if (query.isError || !query.data)
    return <LoadState query={query} loadError={t('people.common.loadError')} height="6rem" />;
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
              <ActionButton className="mt-2" onClick={() => setOpen(r.flag)}>
                {t(`people.flags.clear.${r.flag}`)}
              </ActionButton>
            )}
          </li>
        ))}
      </ul>
      <Assessments rows={f.assessments ?? []} />
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
