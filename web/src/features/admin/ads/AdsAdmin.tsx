import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/errors';
import { AdCodeFrame, AdDraftFrame, AdUnit } from '@/components/AdView';
import { SubmitButton } from '@/components/FormField';
import { LoadError } from '@/components/LoadError';
import { ORIENTATIONS } from '@/config/options';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import {
  type AdInput,
  type AdminAd,
  adsQuery,
  useDeleteAd,
  useSaveAd,
  useUploadAdImage,
} from './queries';

/** The server's lists (content/ads_rules.py, content/ads_admin.py). */
const SPOTS = ['header-link', 'layout-top', 'layout-bottom', 'global-code', 'global-popup-code'];
const CODE_SPOTS = ['global-code', 'global-popup-code'];
const TYPES = ['Link', 'Crak', 'Code'] as const;
type AdType = (typeof TYPES)[number];

type Draft = {
  name: string;
  spots: string[];
  type: AdType;
  orientation: string;
  countries: string;
  code: string;
  safeLink: string;
  image: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
  reason: string;
};

const EMPTY: Draft = {
  name: '',
  spots: ['layout-top'],
  type: 'Link',
  orientation: '',
  countries: 'GLOBAL',
  code: '',
  safeLink: '',
  image: '',
  active: true,
  startsAt: '',
  endsAt: '',
  reason: '',
};

/** An ISO date as the value of a local date-time field (the admin's own clock). */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

function draftOf(a: AdminAd): Draft {
  return {
    name: a.name,
    spots: a.spots,
    type: (TYPES as readonly string[]).includes(a.type) ? (a.type as AdType) : 'Link',
    orientation: a.orientation ?? '',
    countries: a.countries.join(', '),
    code: a.code,
    safeLink: a.safe_link ?? '',
    image: a.image ?? '',
    active: a.active,
    startsAt: toLocalInput(a.starts_at),
    endsAt: toLocalInput(a.ends_at),
    reason: '',
  };
}

function bodyOf(d: Draft): AdInput {
  return {
    name: d.name,
    spots: d.spots,
    type: d.type,
    orientation: (d.orientation || null) as AdInput['orientation'],
    countries: d.countries
      .split(/[,\s]+/)
      .map((c) => c.trim())
      .filter(Boolean),
    code: d.code,
    safe_link: d.type === 'Code' ? null : d.safeLink.trim() || null,
    image: d.type === 'Link' ? d.image.trim() || null : null,
    active: d.active,
    starts_at: fromLocalInput(d.startsAt),
    ends_at: fromLocalInput(d.endsAt),
    reason: d.reason,
  };
}

function errorText(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    const fields = Object.values(error.fieldErrors).flat();
    return fields.length ? fields.join(' ') : error.message;
  }
  return String(error);
}

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

function AdForm({ ad, onDone }: { ad?: AdminAd; onDone: () => void }) {
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
      <div>
        <Form.Label htmlFor={field('reason')} className="small mb-1">
          {t('mod.reason')}
        </Form.Label>
        <Form.Control
          id={field('reason')}
          as="textarea"
          rows={2}
          maxLength={300}
          value={draft.reason}
          onChange={(e) => set('reason', e.target.value)}
        />
      </div>
      {error && (
        <div className="alert alert-danger mb-0" role="alert">
          {error}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton pending={save.isPending}>
          {ad ? t('ads.admin.save') : t('ads.admin.create')}
        </SubmitButton>
        {ad && (
          <>
            <button type="button" className="btn btn-outline-secondary btn-touch" onClick={onDone}>
              {t('ads.admin.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-outline-danger btn-touch ms-auto"
              disabled={remove.isPending}
              onClick={() => {
                if (draft.reason.trim().length < 3) {
                  toast.danger(t('ads.admin.reasonToDelete'));
                  return;
                }
                toast.confirm(
                  t('ads.admin.confirmDelete'),
                  () =>
                    remove.mutate(
                      { id: ad.id, reason: draft.reason.trim() },
                      {
                        onSuccess: () => {
                          toast.success(t('ads.admin.deleted'));
                          onDone();
                        },
                      },
                    ),
                  t('ads.admin.delete'),
                );
              }}
            >
              {t('ads.admin.delete')}
            </button>
          </>
        )}
      </div>
    </Form>
  );
}

function State({ ad }: { ad: AdminAd }) {
  const { t, i18n } = useTranslation();
  const now = Date.now();
  const state = !ad.active
    ? 'off'
    : ad.ends_at && new Date(ad.ends_at).getTime() <= now
      ? 'over'
      : ad.starts_at && new Date(ad.starts_at).getTime() > now
        ? 'scheduled'
        : 'live';
  const tone = { live: 'success', scheduled: 'info', over: 'secondary', off: 'secondary' }[state];
  return (
    <span className="d-inline-flex flex-wrap gap-2 align-items-center small">
      <span className={`badge text-bg-${tone}`}>{t(`ads.admin.state.${state}`)}</span>
      {ad.starts_at && (
        <span>
          {t('ads.admin.from', { date: formatDate(ad.starts_at, i18n.language, 'compact') })}
        </span>
      )}
      {ad.ends_at && (
        <span>
          {t('ads.admin.until', { date: formatDate(ad.ends_at, i18n.language, 'compact') })}
        </span>
      )}
    </span>
  );
}

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
                    <State ad={a} />
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
