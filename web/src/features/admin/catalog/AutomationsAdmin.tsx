import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminPage } from '@/components/admin/AdminPage';
import { SearchedList } from '@/components/admin/SearchedList';
import { useListParams } from '@/components/admin/useListParams';
import { ActionDialog } from '@/features/admin/people/ActionDialog';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate, formatTimeAgo } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import {
  type Automation,
  type AutomationAction,
  automationsQuery,
  type PausedFilter,
  useAutomationAction,
} from './automationQueries';

const FILTERS: PausedFilter[] = ['all', 'running', 'paused'];
type Pending = { action: AutomationAction; row: Automation } | null;

function AutomationRow({
  row,
  onAct,
}: {
  row: Automation;
  onAct: (p: NonNullable<Pending>) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <li className="addme-card p-3" data-testid="automation-row">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold text-break">{row.email}</span>
        <span className="small text-body-secondary">#{row.user_id}</span>
        {row.paused_at ? (
          <span className="badge text-bg-warning">{t('catalog.automations.paused')}</span>
        ) : (
          <span className="badge text-bg-success">{t('catalog.automations.running')}</span>
        )}
      </div>
      <dl className="row small mb-2 mt-2">
        {row.auto_topup_until && (
          <>
            <dt className="col-6 col-sm-4 fw-normal text-body-secondary">
              {t('catalog.automations.autoUntil')}
            </dt>
            <dd className="col-6 col-sm-8 mb-1">{formatDate(row.auto_topup_until, lang)}</dd>
          </>
        )}
        {row.studio_until && (
          <>
            <dt className="col-6 col-sm-4 fw-normal text-body-secondary">
              {t('catalog.automations.studioUntil')}
            </dt>
            <dd className="col-6 col-sm-8 mb-1">{formatDate(row.studio_until, lang)}</dd>
          </>
        )}
        <dt className="col-6 col-sm-4 fw-normal text-body-secondary">
          {t('catalog.automations.last')}
        </dt>
        <dd className="col-6 col-sm-8 mb-1">
          {row.last_auto_topup
            ? `${formatDate(row.last_auto_topup, lang, 'compact')} (${formatTimeAgo(row.last_auto_topup, lang, '')})`
            : t('catalog.common.never')}
        </dd>
        {row.paused_at && (
          <>
            <dt className="col-6 col-sm-4 fw-normal text-body-secondary">
              {t('catalog.automations.pausedSince')}
            </dt>
            <dd className="col-6 col-sm-8 mb-1">{formatDate(row.paused_at, lang)}</dd>
          </>
        )}
      </dl>
      <div className="d-flex flex-wrap gap-2">
        <ActionButton onClick={() => onAct({ action: row.paused_at ? 'resume' : 'pause', row })}>
          {row.paused_at ? t('catalog.automations.resume') : t('catalog.automations.pause')}
        </ActionButton>
        {row.auto_topup_until && (
          <ActionButton variant="outline-danger" onClick={() => onAct({ action: 'end', row })}>
            {t('catalog.automations.end')}
          </ActionButton>
        )}
      </div>
    </li>
  );
}

/** /admin/automations: scheduled Top-Ups (Auto Top-Up and Studio); pause, resume, end. */
export function AutomationsAdmin() {
  const { t } = useTranslation();
  const params = useListParams({ key: 'show', values: FILTERS });
  const list = useQuery(automationsQuery(params.q, params.filter, params.page));
  const act = useAutomationAction();
  const [pending, setPending] = useState<Pending>(null);

  return (
    <AdminPage title={t('catalog.automations.title')} intro={t('catalog.automations.intro')}>
      <SearchedList
        params={params}
        query={list}
        search={t('catalog.automations.search')}
        filter={{
          label: t('catalog.automations.filter'),
          values: FILTERS,
          text: (f) => t(`catalog.automations.filters.${f}`),
        }}
        pagerLabel={t('catalog.automations.title')}
        loadError={t('catalog.common.loadError')}
        empty={t('catalog.automations.empty')}
        testId="automations"
        row={(row) => <AutomationRow key={row.user_id} row={row} onAct={setPending} />}
      />
      {pending && (
        <ActionDialog
          show
          danger={pending.action === 'end'}
          title={t(`catalog.automations.${pending.action}Title`, { email: pending.row.email })}
          message={t(`catalog.automations.${pending.action}Message`)}
          confirmLabel={t(`catalog.automations.${pending.action}`)}
          reasonRequired={false}
          pending={act.isPending}
          onClose={() => setPending(null)}
          onConfirm={(reason) =>
            act.mutate(
              { action: pending.action, userId: pending.row.user_id, reason },
              {
                onSuccess: () => {
                  toast.success(
                    t(`catalog.automations.${pending.action}Done`, { email: pending.row.email }),
                  );
                  setPending(null);
                },
              },
            )
          }
        />
      )}
    </AdminPage>
  );
}
