import { useQuery } from '@tanstack/react-query';
import { ScheduleState } from '@/features/admin/editor';
import { ScheduledAdmin } from '@/features/admin/ScheduledAdmin';
import { useTranslation } from '@/i18n/useTranslation';
import { AlertForm } from './AlertForm';
import { alertsQuery } from './queries';

/** /admin/alerts (Full): the rotating banner's messages, where they show, how they look and when. */
export function AlertsAdmin() {
  const { t } = useTranslation();
  const list = useQuery(alertsQuery());
  return (
    <ScheduledAdmin
      title={t('mod.nav.alerts')}
      ns="mod.alerts"
      prefix="alert"
      query={list}
      items={list.data}
      editor={(alert, onDone) => <AlertForm alert={alert} onDone={onDone} />}
      summary={(a) => (
        <>
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
        </>
      )}
    />
  );
}
