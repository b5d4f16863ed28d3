import { useQuery } from '@tanstack/react-query';
import { ScheduleState } from '@/features/admin/editor';
import { ScheduledAdmin } from '@/features/admin/ScheduledAdmin';
import { useTranslation } from '@/i18n/useTranslation';
import { AdForm } from './AdForm';
import { adsQuery } from './queries';

/** /admin/ad (Full and AdPartner): banners, partner links and ad code, where, for whom and when. */
export function AdsAdmin() {
  const { t } = useTranslation();
  const list = useQuery(adsQuery());
  return (
    <ScheduledAdmin
      title={t('mod.nav.ads')}
      ns="ads.admin"
      prefix="ad"
      query={list}
      items={list.data}
      editor={(ad, onDone) => <AdForm ad={ad} onDone={onDone} />}
      summary={(a) => (
        <>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <strong className="text-break">{a.name}</strong>
            <span className="badge text-bg-primary">{a.type}</span>
            <ScheduleState ns="ads.admin" item={a} />
          </div>
          <div className="small text-body-secondary">
            {a.spots.map((s) => t(`ads.admin.spot.${s}`, { defaultValue: s })).join(', ')}
            {' · '}
            {a.countries.join(', ')}
            {' · '}
            {a.orientation ?? t('ads.admin.anyOrientation')}
          </div>
          {a.safe_link && <div className="small text-break">{a.safe_link}</div>}
        </>
      )}
    />
  );
}
