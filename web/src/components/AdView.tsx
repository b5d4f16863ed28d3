import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/useTranslation';
import './AdView.css';

/** What an ad needs to draw itself: the public ad, or the admin form's draft for a preview. */
export interface AdLook {
  id: number;
  name: string;
  type: string;
  safe_link: string | null;
  image: string | null;
}

/** Only http(s) links leave through an ad. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, 'https://invalid.example');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Code ads run only here: a frame loading the ad's own document (GET /v1/ads/{id}/frame, served
 * with a sandbox policy of its own). Without allow-same-origin its origin is opaque, so the code
 * cannot read the site's cookies or storage, and what it requests carries no session. Popups may
 * open (an ad click) and leave the sandbox: they load the advertiser's page, not ours.
 */
export const AD_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
const MIN_FRAME = 50;
const MAX_FRAME = 320;

export function adFrameSrc(id: number): string {
  return `/v1/ads/${id}/frame`;
}

export function AdCodeFrame({
  ad,
  hidden = false,
}: {
  ad: Pick<AdLook, 'id' | 'name'>;
  hidden?: boolean;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(90);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only this frame's own size report; anything else it posts is ignored.
      if (event.source !== frame.current?.contentWindow) return;
      const data = event.data as { addmeAd?: unknown; height?: unknown } | null;
      if (data && data.addmeAd === ad.id && typeof data.height === 'number') {
        setHeight(Math.min(MAX_FRAME, Math.max(MIN_FRAME, Math.ceil(data.height))));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [ad.id]);
  return (
    <iframe
      ref={frame}
      title={t('ads.frameTitle', { name: ad.name })}
      sandbox={AD_SANDBOX}
      src={adFrameSrc(ad.id)}
      referrerPolicy="no-referrer"
      loading="lazy"
      className={hidden ? 'ad-frame-hidden' : 'ad-frame'}
      style={hidden ? undefined : { height }}
      data-testid="ad-frame"
      data-ad-id={ad.id}
    />
  );
}

/** One ad as visitors see it (the admin preview draws with this too). */
export function AdUnit({
  ad,
  spot,
}: {
  ad: AdLook;
  /** header-link draws text; the page's slots a banner; global spots a hidden frame. */
  spot: string;
}) {
  const { t } = useTranslation();
  if (ad.type === 'Code') return <AdCodeFrame ad={ad} hidden={spot.startsWith('global')} />;
  const href = safeHref(ad.safe_link);
  if (!href) return null;
  const label = (
    <span className="badge text-bg-secondary ad-badge">
      {ad.type === 'Crak' ? t('ads.partner') : t('ads.label')}
    </span>
  );
  // A banner picture in the page's slots; the header's strip and Crak ads are text.
  const banner = ad.type === 'Link' && ad.image && spot !== 'header-link';
  return (
    <a
      href={href}
      target="_blank"
      rel="sponsored noopener noreferrer"
      className={banner ? 'ad-banner' : ad.type === 'Crak' ? 'ad-crak' : 'ad-link'}
      data-testid={`ad-${ad.type.toLowerCase()}`}
      data-ad-id={ad.id}
    >
      {banner ? (
        <>
          <img src={ad.image ?? ''} alt={ad.name} loading="lazy" referrerPolicy="no-referrer" />
          {label}
        </>
      ) : (
        <>
          {label}
          <span className="ad-name">{ad.name}</span>
          {ad.type === 'Crak' && <span aria-hidden="true">→</span>}
        </>
      )}
    </a>
  );
}

/**
 * An unsaved Code ad's html for the admin preview, in a frame that runs no script at all (an empty
 * sandbox): the script runs in the preview once saved, from the ad's own document.
 */
export function AdDraftFrame({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <iframe
      title={t('ads.admin.preview')}
      sandbox=""
      srcDoc={`<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:#fff;color:#212529;font:14px/1.45 system-ui,sans-serif}img{max-width:100%}</style></head><body>${code}</body></html>`}
      referrerPolicy="no-referrer"
      className="ad-frame"
      data-testid="ad-draft-frame"
    />
  );
}
