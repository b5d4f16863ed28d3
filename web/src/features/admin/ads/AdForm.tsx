import { Form } from 'react-bootstrap';
import { AdCodeFrame, AdDraftFrame, AdUnit } from '@/components/AdView';
import { Labelled, SelectField, TextField } from '@/components/admin/fields';
import { ORIENTATIONS } from '@/config/options';
import { AuditedEditor, errorText, ScheduleFields, SpotChecks } from '@/features/admin/editor';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { type AdType, bodyOf, type Draft, draftOf, EMPTY, SPOTS, spotFits, TYPES } from './draft';
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
    <Labelled id={field('image')} label={t('ads.admin.imageUrl')}>
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
    </Labelled>
  );
}

export function AdForm({ ad, onDone }: { ad?: AdminAd; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAd();
  const remove = useDeleteAd();
  return (
    <AuditedEditor
      ns="ads.admin"
      prefix="ad"
      item={ad}
      empty={EMPTY}
      draftOf={draftOf}
      bodyOf={(d) => bodyOf({ ...d, spots: d.spots.filter((s) => spotFits(d.type, s)) })}
      save={save}
      remove={remove}
      onDone={onDone}
    >
      {({ draft, set, field }) => (
        <>
          <div className="row g-2">
            <TextField
              layout="col-12 col-md-6"
              id={field('name')}
              label={t('ads.admin.name')}
              value={draft.name}
              maxLength={120}
              required
              onChange={(e) => set('name', e.target.value)}
            />
            <SelectField
              layout="col-12 col-md-6"
              id={field('type')}
              label={t('ads.admin.type')}
              value={draft.type}
              onChange={(v) => set('type', v as AdType)}
              options={TYPES.map((ty) => ({ value: ty, label: t(`ads.admin.types.${ty}`) }))}
              help={t(`ads.admin.typeHelp.${draft.type}`)}
            />
          </div>
          <SpotChecks
            ns="ads.admin"
            spots={SPOTS}
            value={draft.spots}
            onChange={(spots) => set('spots', spots)}
            field={field}
            // The header holds links only; the global spots Code only (the server refuses the rest).
            fits={(spot) => spotFits(draft.type, spot)}
            help={t('ads.admin.spotsHelp')}
          />
          <div className="row g-2">
            <SelectField
              layout="col-12 col-md-6"
              id={field('orientation')}
              label={t('ads.admin.orientation')}
              value={draft.orientation}
              onChange={(v) => set('orientation', v)}
              options={[
                { value: '', label: t('ads.admin.anyOrientation') },
                ...ORIENTATIONS.map((o) => ({
                  value: o,
                  label: t(`options.orientation.${o}`, { defaultValue: o }),
                })),
              ]}
            />
            <TextField
              layout="col-12 col-md-6"
              id={field('countries')}
              label={t('ads.admin.countries')}
              value={draft.countries}
              maxLength={400}
              onChange={(e) => set('countries', e.target.value.toUpperCase())}
              help={t('ads.admin.countriesHelp')}
            />
          </div>
          {draft.type !== 'Code' && (
            <TextField
              id={field('link')}
              label={t('ads.admin.safeLink')}
              type="url"
              value={draft.safeLink}
              maxLength={500}
              placeholder="https://"
              onChange={(e) => set('safeLink', e.target.value)}
            />
          )}
          {draft.type === 'Link' && (
            <ImageField draft={draft} set={(v) => set('image', v)} field={field} />
          )}
          {draft.type === 'Crak' && (
            <TextField
              id={field('campaign')}
              label={t('ads.admin.campaign')}
              value={draft.code}
              maxLength={200}
              onChange={(e) => set('code', e.target.value)}
            />
          )}
          {draft.type === 'Code' && (
            <TextField
              id={field('code')}
              label={t('ads.admin.code')}
              as="textarea"
              rows={5}
              className="font-monospace"
              value={draft.code}
              maxLength={20000}
              onChange={(e) => set('code', e.target.value)}
            />
          )}
          <ScheduleFields ns="ads.admin" draft={draft} set={set} field={field} />
          <Form.Check
            type="switch"
            id={field('active')}
            label={t('ads.admin.active')}
            checked={draft.active}
            onChange={(e) => set('active', e.target.checked)}
          />
          <Preview draft={draft} saved={ad} />
        </>
      )}
    </AuditedEditor>
  );
}
