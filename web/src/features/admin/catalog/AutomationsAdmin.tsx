import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, Placeholder } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/LoadError';
import { SearchForm } from '@/components/SearchForm';
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
import { PagerRow } from './PagerRow';

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
        <button
          type="button"
          className="btn btn-outline-secondary btn-touch"
          onClick={() => onAct({ action: row.paused_at ? 'resume' : 'pause', row })}
        >
          {row.paused_at ? t('catalog.automations.resume') : t('catalog.automations.pause')}
        </button>
        {row.auto_topup_until && (
          <button
            type="button"
            className="btn btn-outline-danger btn-touch"
            onClick={() => onAct({ action: 'end', row })}
          >
            {t('catalog.automations.end')}
          </button>
        )}
      </div>
    </li>
  );
}

/** /admin/automations: scheduled Top-Ups (Auto Top-Up and Studio); pause, resume, end. */
export function AutomationsAdmin() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const filter = (FILTERS as string[]).includes(params.get('show') ?? '')
    ? (params.get('show') as PausedFilter)
    : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(automationsQuery(q, filter, page));
  const act = useAutomationAction();
  const [pending, setPending] = useState<Pending>(null);

  const update = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next);
  };

  return (
    <div>
      <h1 className="h3">{t('catalog.automations.title')}</h1>
      <p className="text-body-secondary">{t('catalog.automations.intro')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <SearchForm
          className="mb-3 flex-grow-1"
          label={t('catalog.automations.search')}
          submitText={t('catalog.common.find')}
          initial={q}
          onSearch={(next) => update('q', next)}
        />
        <Form.Select
          aria-label={t('catalog.automations.filter')}
          className="w-auto mb-3"
          value={filter}
          onChange={(e) => update('show', e.target.value === 'all' ? null : e.target.value)}
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`catalog.automations.filters.${f}`)}
            </option>
          ))}
        </Form.Select>
      </div>
      {list.isError ? (
        <LoadError
          message={t('catalog.common.loadError')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : !list.data ? (
        <Placeholder as="div" animation="glow">
          <Placeholder xs={12} className="rounded-4" style={{ height: '10rem' }} />
        </Placeholder>
      ) : list.data.data.length === 0 ? (
        <p className="text-body-secondary">{t('catalog.automations.empty')}</p>
      ) : (
        <>
          <ul className="list-unstyled d-flex flex-column gap-2 mb-0" data-testid="automations">
            {list.data.data.map((row) => (
              <AutomationRow key={row.user_id} row={row} onAct={setPending} />
            ))}
          </ul>
          <PagerRow
            page={page}
            total={list.data.meta.total}
            hasNext={list.data.meta.has_next}
            label={t('catalog.automations.title')}
            onPage={(p) => update('page', p > 1 ? String(p) : null)}
          />
        </>
      )}
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
    </div>
  );
}
