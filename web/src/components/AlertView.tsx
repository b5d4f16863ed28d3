import type { CSSProperties } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Icon, type IconName } from '@/components/Icon';
import { useTranslation } from '@/i18n/useTranslation';
import './AlertView.css';

/** What an alert needs to draw itself: the public alert, or the admin form's draft for a preview. */
export interface AlertLook {
  id: number;
  type: string;
  text: string;
  html: string;
  script: string;
  icon: string | null;
  classes: string | null;
  style: string | null;
}

const VARIANTS = ['info', 'warning', 'danger', 'success', 'primary'];
const ICONS: readonly string[] = [
  'shield',
  'heart',
  'chat',
  'zap',
  'flame',
  'sun',
  'moon',
  'user',
  'search',
];
/**
 * Admin html and script run only here: scripts may run, but without allow-same-origin the frame
 * (and the document, whose own policy is a sandbox too) has an opaque origin, so it cannot read the site's cookies or storage, and a request it makes
 * to the API is cross-site, without the visitor's session.
 */
export const ALERT_SANDBOX = 'allow-scripts';
const MIN_FRAME = 24;
const MAX_FRAME = 320;
const DRAFT_FRAME = 96;

export function alertVariant(type: string): string {
  return VARIANTS.includes(type) ? type : 'info';
}

/** "background: #222; color: #fff" as React style; anything that is not a plain declaration is dropped. */
export function parseStyle(css: string | null | undefined): CSSProperties {
  const out: Record<string, string> = {};
  for (const decl of (css ?? '').split(';')) {
    const at = decl.indexOf(':');
    if (at < 1) continue;
    const prop = decl.slice(0, at).trim().toLowerCase();
    const value = decl.slice(at + 1).trim();
    if (!/^-{0,2}[a-z][a-z-]*$/.test(prop) || !value || /url\s*\(|expression\s*\(/i.test(value))
      continue;
    const key = prop.startsWith('--')
      ? prop
      : prop.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] = value;
  }
  return out as CSSProperties;
}

/**
 * An unsaved draft's html for the admin preview. A srcdoc frame inherits the site's policy, which
 * runs no inline script, so a draft shows its html only; saved alerts load their own document.
 */
export function draftDocument(html: string, color: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;background:transparent;color:${color};font:14px/1.45 system-ui,sans-serif}img{max-width:100%}</style></head><body>${html}</body></html>`;
}

/** The saved alert's own document (served with a sandbox policy of its own, content/alerts_admin.py). */
export function frameSrc(id: number, color: string): string {
  const safe = /^(#[0-9a-fA-F]{3,8}|rgba?\([0-9., ]{5,40}\))$/.test(color);
  return `/v1/alerts/${id}/frame${safe ? `?color=${encodeURIComponent(color)}` : ''}`;
}

function AlertFrame({ alert, draft }: { alert: AlertLook; draft: boolean }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(MIN_FRAME);
  // The frame cannot inherit the alert's text colour (light or dark theme): it is passed in.
  const [color, setColor] = useState('');
  useEffect(() => {
    if (box.current) setColor(getComputedStyle(box.current).color || 'inherit');
  }, []);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only this frame's own size report; anything else it posts is ignored.
      if (event.source !== frame.current?.contentWindow) return;
      const data = event.data as { addmeAlert?: unknown; height?: unknown } | null;
      if (data && data.addmeAlert === alert.id && typeof data.height === 'number') {
        setHeight(Math.min(MAX_FRAME, Math.max(MIN_FRAME, Math.ceil(data.height))));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [alert.id]);
  return (
    <div ref={box} className="flex-grow-1" style={{ minWidth: 0 }}>
      {color && (
        <iframe
          ref={frame}
          title={t('community.alerts.frameTitle')}
          sandbox={ALERT_SANDBOX}
          {...(draft
            ? { srcDoc: draftDocument(alert.html, color) }
            : { src: frameSrc(alert.id, color) })}
          referrerPolicy="no-referrer"
          className="site-alert-frame"
          style={{ height: draft ? DRAFT_FRAME : height }}
          data-testid="alert-frame"
        />
      )}
    </div>
  );
}

/**
 * One alert's body: its icon, then its text (as text, never markup) or its html and script in a
 * sandboxed frame. The banner and the admin preview both draw alerts with this.
 */
export function AlertBody({
  alert,
  expanded,
  onToggle,
  draft = false,
}: {
  alert: AlertLook;
  expanded?: boolean;
  onToggle?: () => void;
  /** An admin's unsaved draft: its html only, in a sandboxed srcdoc frame. */
  draft?: boolean;
}) {
  const icon = alert.icon && ICONS.includes(alert.icon) ? (alert.icon as IconName) : null;
  return (
    <>
      {icon && (
        <span className="flex-shrink-0 d-inline-flex" data-testid="alert-icon">
          <Icon name={icon} size={18} />
        </span>
      )}
      {alert.html.trim() ? (
        <AlertFrame key={`${alert.id}\u0000${draft}`} alert={alert} draft={draft} />
      ) : (
        <button
          type="button"
          className="site-alert-text btn btn-link p-0 text-reset text-decoration-none text-start flex-grow-1"
          aria-expanded={expanded}
          onClick={onToggle}
        >
          {alert.text}
        </button>
      )}
    </>
  );
}

/** The outer classes and style of an alert: its type's colours, the admin's classes and style. */
export function alertFrameProps(alert: AlertLook, expanded = false) {
  return {
    className: `site-alert alert alert-${alertVariant(alert.type)} mb-0 rounded-0 ${alert.classes ?? ''} ${expanded ? 'is-expanded' : ''}`,
    style: parseStyle(alert.style),
  };
}
