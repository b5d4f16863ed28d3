import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ProgressBar } from 'react-bootstrap';
import { Link } from 'react-router';
import { ApiError } from '@/api/errors';
import { myUsernameQuery } from '@/api/myUsernames';
import { Avatar } from '@/components/Avatar';
import { Dialog } from '@/components/Dialog';
import { Icon } from '@/components/Icon';
import { errorText } from '@/errors/errorText';
import { useTranslation } from '@/i18n/useTranslation';
import { MAX_FILES, precheckFiles, precheckMessages } from '@/lib/precheck';
import { toast } from '@/toasts/toastStore';
import { Dropzone } from './Dropzone';
import { galleryPath } from './paths';
import { type MediaRead, useDeleteMedia, useMyMedia, useUpload } from './queries';
import '@/components/cards.css';
import './media.css';
import { NoticeCard } from '@/components/NoticeCard';

/** /user/media/:id: one username's profile picture and gallery. */
export function MediaManager({ id }: { id: number }) {
  const { t } = useTranslation();
  const media = useMyMedia(id);
  const username = useQuery(myUsernameQuery(id));
  const upload = useUpload(id);
  const remove = useDeleteMedia(id);
  const ids = useId();
  // The picture whose deletion waits for the member's answer, shown in the dialog as it looks.
  const [asked, setAsked] = useState<{ item: MediaRead; alt: string } | null>(null);

  if (media.isPending) return <p role="status">{t('listings.loading')}</p>;
  if (media.isError) {
    if (media.error instanceof ApiError && media.error.status === 404) {
      return (
        <NoticeCard
          text={t('community.media.notFound')}
          to="/user"
          linkText={t('nav.myUsernames')}
          testId="media-not-found"
        />
      );
    }
    throw media.error;
  }
  const m = media.data;
  const name = username.data?.username ?? '';
  const used = m.gallery.length;
  const left = Math.max(0, m.gallery_limit - used);

  const send = (files: File[], kind: 'gallery' | 'profile') => {
    const max = kind === 'profile' ? 1 : MAX_FILES;
    const checked = precheckFiles(files, max);
    for (const msg of precheckMessages(checked, max)) {
      toast.warning(t(msg.key, msg.values));
    }
    if (checked.accepted.length === 0) return;
    upload.mutate(
      { files: checked.accepted, kind },
      {
        onError: (error) =>
          toast.danger(
            // A picture matching a removed one: the member reads why, in their language.
            error instanceof ApiError && error.code === 'blocked_image'
              ? errorText(error, t)
              : kind === 'profile'
                ? t('community.media.pictureNotUpdated')
                : t('community.media.notUploaded'),
          ),
      },
    );
  };

  return (
    <div data-testid="media-manager">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          {name ? t('community.media.titleFor', { username: name }) : t('community.media.title')}
        </h1>
        {used > 0 && name && (
          <Link
            to={galleryPath({ slug: `${name}-${id}` })}
            className="btn btn-outline-secondary btn-touch"
          >
            {t('community.media.seePublic')}
          </Link>
        )}
      </div>
      {upload.isPending && (
        <div className="mb-3" data-testid="upload-progress">
          <ProgressBar animated now={100} label={t('community.media.uploading')} visuallyHidden />
          <p className="small mt-1 mb-0" role="status">
            {t('community.media.uploading')}
          </p>
        </div>
      )}
      <div className="row g-4">
        <section className="col-md-5 col-lg-4" aria-labelledby="media-profile">
          <div className="addme-card p-3 h-100">
            <h2 className="h5" id="media-profile">
              {t('community.media.profile')}
            </h2>
            <div className="mb-3" style={{ maxWidth: 180 }}>
              <Avatar username={name || '?'} picture={m.profile_picture} eager />
            </div>
            <Dropzone
              multiple={false}
              disabled={upload.isPending}
              onFiles={(files) => send(files, 'profile')}
              label={t('community.media.chooseProfile')}
              hint={t('community.media.profileHint')}
              testId="profile-dropzone"
            />
          </div>
        </section>
        <section className="col-md-7 col-lg-8" aria-labelledby="media-gallery">
          <div className="addme-card p-3 h-100">
            <div className="d-flex align-items-baseline gap-2 mb-2">
              <h2 className="h5 mb-0" id="media-gallery">
                {t('community.media.gallery')}
              </h2>
              <span className="badge text-bg-secondary ms-auto" data-testid="gallery-count">
                {t('community.media.used', { count: used, limit: m.gallery_limit })}
              </span>
            </div>
            <p className="small text-body-secondary">
              {t('community.media.limits', { max: MAX_FILES })}
            </p>
            <Dropzone
              multiple
              disabled={upload.isPending || left === 0}
              onFiles={(files) => send(files, 'gallery')}
              label={t('community.media.chooseGallery')}
              hint={
                left === 0
                  ? t('community.media.full')
                  : t('community.media.galleryHint', { count: Math.min(MAX_FILES, left) })
              }
              testId="gallery-dropzone"
            />
            {m.gallery.length > 0 ? (
              <ul className="media-grid mt-3" aria-label={t('community.media.gallery')}>
                {m.gallery.map((item, i) => {
                  const alt = t('community.nudes.imageAlt', { username: name, n: i + 1 });
                  return (
                    <li key={item.id} className="media-thumb" data-testid="my-media">
                      <img id={`${ids}-${item.id}`} src={item.thumb_url} alt={alt} loading="lazy" />
                      <button
                        type="button"
                        className="media-delete btn-touch"
                        aria-label={t('community.media.deletePicture')}
                        aria-describedby={`${ids}-${item.id}`}
                        disabled={remove.isPending}
                        onClick={() => setAsked({ item, alt })}
                      >
                        <Icon name="trash" size={20} />
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="text-body-secondary mt-3 mb-0">{t('community.media.empty')}</p>
            )}
          </div>
        </section>
      </div>
      <Dialog
        show={asked !== null}
        onEscape={remove.isPending ? undefined : () => setAsked(null)}
        labelledBy={`${ids}-delete-title`}
        dialogClassName="modal-dialog-centered modal-sm"
        testId="delete-picture-dialog"
      >
        <div className="modal-header">
          <h2 id={`${ids}-delete-title`} className="modal-title h5">
            {t('community.media.deleteConfirm')}
          </h2>
        </div>
        <div className="modal-body">
          {asked && (
            <img className="media-delete-preview" src={asked.item.thumb_url} alt={asked.alt} />
          )}
          <p className="small text-body-secondary mt-3 mb-0">
            {t('community.media.deleteExplain')}
          </p>
        </div>
        <div className="modal-footer">
          <button
            type="button"
            className="btn btn-outline-secondary btn-touch"
            disabled={remove.isPending}
            onClick={() => setAsked(null)}
          >
            {t('toast.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger btn-touch"
            disabled={remove.isPending}
            onClick={() => {
              if (asked) remove.mutate(asked.item.id, { onSettled: () => setAsked(null) });
            }}
          >
            {remove.isPending ? t('community.media.deleting') : t('community.media.delete')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
