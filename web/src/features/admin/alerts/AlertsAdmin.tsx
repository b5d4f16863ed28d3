import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Placeholder } from 'react-bootstrap';
import { LoadError } from '@/components/LoadError';
import { ScheduleState } from '@/features/admin/editor';
import { useTranslation } from '@/i18n/useTranslation';
import { AlertForm } from './AlertForm';
import { alertsQuery } from './queries';

/** /admin/alerts (Full): the rotating banner's messages, where they show, how they look and when. */
export function AlertsAdmin() {
  const { t } = useTranslation();
  const list = useQuery(alertsQuery());
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div>
      <h1 className="h3">{t('mod.nav.alerts')}</h1>
      <p className="text-body-secondary">{t('mod.alerts.intro')}</p>
      <section className="addme-card p-3 mb-4" aria-labelledby="alert-new">
        <h2 className="h6" id="alert-new">
          {t('mod.alerts.new')}
        </h2>
        <AlertForm onDone={() => undefined} />
      </section>
      {list.isError ? (
        <LoadError message={t('mod.alerts.loadError')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Placeholder as="div" animation="glow">
          <Placeholder xs={12} style={{ height: 80 }} />
        </Placeholder>
      ) : list.data.length === 0 ? (
        <p className="text-body-secondary">{t('mod.alerts.empty')}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-2">
          {list.data.map((a) => (
            <li key={a.id} className="addme-card p-3" data-testid="alert-item">
              {editing === a.id ? (
                <AlertForm alert={a} onDone={() => setEditing(null)} />
              ) : (
                <div className="d-flex flex-column gap-2">
                  <div className="d-flex flex-wrap gap-2 align-items-center">
                    <span className={`badge text-bg-${a.type === 'primary' ? 'primary' : a.type}`}>
                      {t(`mod.alerts.types.${a.type}`, { defaultValue: a.type })}
                    </span>
                    <ScheduleState ns="mod.alerts" item={a} />
                  </div>
                  <p className="mb-0 text-break">
                    {a.text || <span className="font-monospace small">{a.html.slice(0, 140)}</span>}
                  </p>
                  <div className="small text-body-secondary">
                    {a.spots.map((s) => t(`mod.alerts.spot.${s}`, { defaultValue: s })).join(', ')}
                    {a.script ? ` · ${t('mod.alerts.hasScript')}` : ''}
                    {a.dismissible ? ` · ${t('mod.alerts.dismissible')}` : ''}
                  </div>
                  <div>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-touch btn-sm"
                      onClick={() => setEditing(a.id)}
                    >
                      {t('mod.alerts.edit')}
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
