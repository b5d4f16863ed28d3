import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminList } from '@/components/admin/AdminList';
import { AdminPage } from '@/components/admin/AdminPage';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { ActionDialog } from './ActionDialog';
import { formatWhen } from './format';
import { type AdminMedia, galleryQuery, useMediaAction } from './queries';

function MediaCard({ item }: { item: AdminMedia }) {
  const { t, i18n } = useTranslation();
  const act = useMediaAction();
  const [asking, setAsking] = useState<'remove' | 'ban' | null>(null);
  const username = item.username ?? `#${item.username_id}`;
  return (
    <li className="col-6 col-md-4 col-xl-3" data-testid="gallery-item">
      <div className="addme-card p-2 h-100 d-flex flex-column">
        <a
          href={item.url}
          target="_blank"
          rel="noreferrer"
          className="d-block ratio ratio-1x1 mb-2"
        >
          <img
            src={item.thumb_url}
            alt={t('people.gallery.alt', { id: item.id, username })}
            className="rounded-3 object-fit-cover w-100 h-100"
            loading="lazy"
          />
        </a>
        <div className="small text-break">
          <Link to={`/admin/users/${item.user_id}`}>
            {t('people.gallery.by', { username, user: item.user_id })}
          </Link>
        </div>
        <div className="small text-body-secondary mb-2">
          {formatWhen(item.created_at, i18n.language)}
        </div>
        <div className="d-flex flex-wrap gap-2 mt-auto">
          {(['remove', 'ban'] as const).map((kind) => (
            <ActionButton
              key={kind}
              variant={kind === 'ban' ? 'outline-danger' : 'outline-secondary'}
              small
              disabled={act.isPending}
              onClick={() => setAsking(kind)}
            >
              {t(`people.gallery.${kind}`)}
            </ActionButton>
          ))}
          {asking && (
            <ActionDialog
              key={asking}
              show
              danger
              // The member reads a removal's reason; a ban's stays in the audit log.
              memberFacing={asking === 'remove'}
              decision="remove_media"
              title={t(`people.gallery.${asking}`)}
              message={
                asking === 'remove'
                  ? t('people.gallery.removeConfirm', { username })
                  : t('people.gallery.banConfirm')
              }
              confirmLabel={t(`people.gallery.${asking}`)}
              pending={act.isPending}
              onClose={() => setAsking(null)}
              onConfirm={(reason) =>
                act.mutate(
                  { kind: asking, id: item.id, reason },
                  {
                    onSuccess: () => {
                      toast.success(
                        t(asking === 'remove' ? 'people.gallery.removed' : 'people.gallery.banned'),
                      );
                      setAsking(null);
                    },
                  },
                )
              }
            />
          )}
        </div>
      </div>
    </li>
  );
}

/** /admin/gallery: the latest uploads with thumbnails; remove, or ban an image. */
export function GalleryAdmin() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const gallery = useQuery(galleryQuery(page));
  return (
    <AdminPage title={t('people.gallery.title')} intro={t('people.gallery.intro')}>
      <AdminList
        query={gallery}
        items={gallery.data?.data}
        keepRowsOnError
        loadError={t('people.common.loadError')}
        loading={{ height: '16rem' }}
        empty={t('people.gallery.empty')}
        className="list-unstyled row g-2"
        row={(item) => <MediaCard key={item.id} item={item} />}
        pager={{
          people: true,
          page,
          meta: gallery.data?.meta,
          label: t('people.gallery.title'),
          onPage: setPage,
        }}
      />
    </AdminPage>
  );
}
