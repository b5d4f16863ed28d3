import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Placeholder } from 'react-bootstrap';
import { LoadError } from '@/components/LoadError';
import { ScheduleState } from '@/features/admin/editor';
import { useTranslation } from '@/i18n/useTranslation';
import { AdForm } from './AdForm';
import { adsQuery } from './queries';

/** /admin/ad (Full and AdPartner): banners, partner links and ad code, where, for whom and when. */
export function AdsAdmin() {
  const { t } = useTranslation();
  const list = useQuery(adsQuery());
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div>
      <h1 className="h3">{t('mod.nav.ads')}</h1>
      <p className="text-body-secondary">{t('ads.admin.intro')}</p>
      <section className="addme-card p-3 mb-4" aria-labelledby="ad-new">
        <h2 className="h6" id="ad-new">
          {t('ads.admin.new')}
        </h2>
        <AdForm onDone={() => undefined} />
      </section>
      {list.isError ? (
        <LoadError message={t('ads.admin.loadError')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Placeholder as="div" animation="glow">
          <Placeholder xs={12} style={{ height: 80 }} />
        </Placeholder>
      ) : list.data.length === 0 ? (
        <p className="text-body-secondary">{t('ads.admin.empty')}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-2">
          {list.data.map((a) => (
            <li key={a.id} className="addme-card p-3" data-testid="ad-item" data-ad-id={a.id}>
              {editing === a.id ? (
                <AdForm ad={a} onDone={() => setEditing(null)} />
              ) : (
                <div className="d-flex flex-column gap-2">
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
                  <div>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-touch btn-sm"
                      onClick={() => setEditing(a.id)}
                    >
                      {t('ads.admin.edit')}
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
