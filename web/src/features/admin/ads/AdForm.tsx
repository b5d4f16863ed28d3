import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { AdCodeFrame, AdDraftFrame, AdUnit } from '@/components/AdView';
import { ORIENTATIONS } from '@/config/options';
import { EditorFooter, errorText } from '@/features/admin/editor';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { type AdType, bodyOf, CODE_SPOTS, type Draft, draftOf, EMPTY, SPOTS, TYPES } from './draft';
import { type AdminAd, useDeleteAd, useSaveAd, useUploadAdImage } from './queries';

/** The ad as visitors will see it in each of its spots: the slots' own drawing, sandbox included. */
function Preview({ draft, saved }: { draft: Draft; saved?: AdminAd }) {
  const { t } = useTranslation();
  const look = {
    id: saved?.id ?? 0,
    name: draft.name || '…',
    type: draft.type,
    safe_link: draft.safeLink || null,
    image: draft.image || null,
  };
  const unsavedCode = draft.type === 'Code' && (!saved || saved.code !== draft.code);
  const ready =
    draft.type === 'Code' ? draft.code.trim() : draft.safeLink.trim() && draft.name.trim();
  const spot = draft.spots.find((s) => s !== 'header-link') ?? draft.spots[0] ?? 'layout-top';
  return (
    <section aria-label={t('ads.admin.preview')} data-testid="ad-preview">
      <div className="small text-body-secondary mb-1">{t('ads.admin.preview')}</div>
      {!ready ? (
        <p className="small text-body-secondary mb-0">{t('ads.admin.previewEmpty')}</p>
      ) : draft.type === 'Code' ? (
        <>
          {unsavedCode ? <AdDraftFrame code={draft.code} /> : saved && <AdCodeFrame ad={saved} />}
          {unsavedCode && (
            <p className="small text-body-secondary mt-1 mb-0">
              {t('ads.admin.previewCodeAfterSave')}
            </p>
          )}
        </>
      ) : (
        <div className="d-flex flex-column gap-2 align-items-start">
          {draft.spots.includes('header-link') && <AdUnit ad={look} spot="header-link" />}
          {spot !== 'header-link' && <AdUnit ad={look} spot={spot} />}
        </div>
      )}
    </section>
  );
}

function ImageField({
  draft,
  set,
  field,
}: {
  draft: Draft;
  set: (value: string) => void;
  field: (name: string) => string;
}) {
  const { t } = useTranslation();
  const upload = useUploadAdImage();
  return (
    <div>
      <Form.Label htmlFor={field('image')} className="small mb-1">
        {t('ads.admin.imageUrl')}
      </Form.Label>
      <Form.Control
        id={field('image')}
        value={draft.image}
        maxLength={500}
        placeholder="https://"
        onChange={(e) => set(e.target.value)}
      />
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        <Form.Label
          htmlFor={field('upload')}
          className="btn btn-outline-secondary btn-touch btn-sm mb-0"
        >
          {upload.isPending ? t('ads.admin.uploading') : t('ads.admin.upload')}
        </Form.Label>
        <Form.Control
          id={field('upload')}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="visually-hidden"
          disabled={upload.isPending}
          onChange={(e) => {
            const file = (e.target as HTMLInputElement).files?.[0];
            if (!file) return;
            upload.mutate(file, {
              onSuccess: (r) => {
                set(r.url);
                toast.success(t('ads.admin.uploaded'));
              },
              onError: (error) => toast.danger(errorText(error) ?? ''),
            });
          }}
        />
      </div>
    </div>
  );
}

export function AdForm({ ad, onDone }: { ad?: AdminAd; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAd();
  const remove = useDeleteAd();
  const [draft, setDraft] = useState<Draft>(() => (ad ? draftOf(ad) : EMPTY));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const id = ad?.id ?? 'new';
  const field = (name: string) => `ad-${name}-${id}`;
  const error = errorText(save.error ?? remove.error);
  // The header holds links only; the global spots Code only (the server refuses the rest).
  const spotFits = (spot: string) =>
    draft.type === 'Code' ? spot !== 'header-link' : !CODE_SPOTS.includes(spot);
  return (
    <Form
      className="d-flex flex-column gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { id: ad?.id, body: bodyOf({ ...draft, spots: draft.spots.filter(spotFits) }) },
          {
            onSuccess: () => {
              toast.success(t('ads.admin.saved'));
              if (!ad) setDraft(EMPTY);
              onDone();
            },
          },
        );
      }}
    >
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={field('name')} className="small mb-1">
            {t('ads.admin.name')}
          </Form.Label>
          <Form.Control
            id={field('name')}
            value={draft.name}
            maxLength={120}
            required
            onChange={(e) => set('name', e.target.value)}
          />
        </div>
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={field('type')} className="small mb-1">
            {t('ads.admin.type')}
          </Form.Label>
          <Form.Select
            id={field('type')}
            className="addme-touch-select"
            value={draft.type}
            onChange={(e) => set('type', e.target.value as AdType)}
          >
            {TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`ads.admin.types.${ty}`)}
              </option>
            ))}
          </Form.Select>
          <Form.Text>{t(`ads.admin.typeHelp.${draft.type}`)}</Form.Text>
        </div>
      </div>
      <fieldset>
        <legend className="small mb-1">{t('ads.admin.spots')}</legend>
        <div className="d-flex flex-wrap gap-3">
          {SPOTS.map((spot) => (
            <Form.Check
              key={spot}
              id={field(`spot-${spot}`)}
              type="checkbox"
              label={t(`ads.admin.spot.${spot}`)}
              disabled={!spotFits(spot)}
              checked={draft.spots.includes(spot) && spotFits(spot)}
              onChange={(e) =>
                set(
                  'spots',
                  e.target.checked ? [...draft.spots, spot] : draft.spots.filter((s) => s !== spot),
                )
              }
            />
          ))}
        </div>
        <Form.Text>{t('ads.admin.spotsHelp')}</Form.Text>
      </fieldset>
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={field('orientation')} className="small mb-1">
            {t('ads.admin.orientation')}
          </Form.Label>
          <Form.Select
            id={field('orientation')}
            className="addme-touch-select"
            value={draft.orientation}
            onChange={(e) => set('orientation', e.target.value)}
          >
            <option value="">{t('ads.admin.anyOrientation')}</option>
            {ORIENTATIONS.map((o) => (
              <option key={o} value={o}>
                {t(`options.orientation.${o}`, { defaultValue: o })}
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={field('countries')} className="small mb-1">
            {t('ads.admin.countries')}
          </Form.Label>
          <Form.Control
            id={field('countries')}
            value={draft.countries}
            maxLength={400}
            onChange={(e) => set('countries', e.target.value.toUpperCase())}
          />
          <Form.Text>{t('ads.admin.countriesHelp')}</Form.Text>
        </div>
      </div>
      {draft.type !== 'Code' && (
        <div>
          <Form.Label htmlFor={field('link')} className="small mb-1">
            {t('ads.admin.safeLink')}
          </Form.Label>
          <Form.Control
            id={field('link')}
            type="url"
            value={draft.safeLink}
            maxLength={500}
            placeholder="https://"
            onChange={(e) => set('safeLink', e.target.value)}
          />
        </div>
      )}
      {draft.type === 'Link' && (
        <ImageField draft={draft} set={(v) => set('image', v)} field={field} />
      )}
      {draft.type === 'Crak' && (
        <div>
          <Form.Label htmlFor={field('campaign')} className="small mb-1">
            {t('ads.admin.campaign')}
          </Form.Label>
          <Form.Control
            id={field('campaign')}
            value={draft.code}
            maxLength={200}
            onChange={(e) => set('code', e.target.value)}
          />
        </div>
      )}
      {draft.type === 'Code' && (
        <div>
          <Form.Label htmlFor={field('code')} className="small mb-1">
            {t('ads.admin.code')}
          </Form.Label>
          <Form.Control
            id={field('code')}
            as="textarea"
            rows={5}
            className="font-monospace"
            value={draft.code}
            maxLength={20000}
            onChange={(e) => set('code', e.target.value)}
          />
        </div>
      )}
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={field('starts')} className="small mb-1">
            {t('ads.admin.startsAt')}
          </Form.Label>
          <Form.Control
            id={field('starts')}
            type="datetime-local"
            value={draft.startsAt}
            onChange={(e) => set('startsAt', e.target.value)}
          />
        </div>
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={field('ends')} className="small mb-1">
            {t('ads.admin.endsAt')}
          </Form.Label>
          <Form.Control
            id={field('ends')}
            type="datetime-local"
            value={draft.endsAt}
            onChange={(e) => set('endsAt', e.target.value)}
          />
        </div>
      </div>
      <Form.Check
        type="switch"
        id={field('active')}
        label={t('ads.admin.active')}
        checked={draft.active}
        onChange={(e) => set('active', e.target.checked)}
      />
      <Preview draft={draft} saved={ad} />
      <EditorFooter
        id={field('reason')}
        reason={draft.reason}
        onReason={(value) => set('reason', value)}
        error={error}
        saving={save.isPending}
        labels={{
          save: t('ads.admin.save'),
          create: t('ads.admin.create'),
          cancel: t('ads.admin.cancel'),
          delete: t('ads.admin.delete'),
          reasonToDelete: t('ads.admin.reasonToDelete'),
          confirmDelete: t('ads.admin.confirmDelete'),
        }}
        editing={
          ad && {
            deleting: remove.isPending,
            onCancel: onDone,
            onDelete: (reason) =>
              remove.mutate(
                { id: ad.id, reason },
                {
                  onSuccess: () => {
                    toast.success(t('ads.admin.deleted'));
                    onDone();
                  },
                },
              ),
          }
        }
      />
    </Form>
  );
}
