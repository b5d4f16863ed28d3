import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AlertBody, alertFrameProps } from '@/components/AlertView';
import { useTranslation } from '@/i18n/useTranslation';
import { alertDismissed, alertSpot, dismissAlert } from './adRules';
import { type Alert, useAlerts } from './queries';
import './content.css';

const ROTATE_MS = 8000;

/** Alerts an admin made non-dismissible may still be folded away on a phone, for this visit only. */
const HIDDEN_KEY = 'alertsHiddenThisVisit';
function hiddenThisVisit(): number[] {
  try {
    return JSON.parse(sessionStorage.getItem(HIDDEN_KEY) ?? '[]') as number[];
  } catch {
    return [];
  }
}
function hideThisVisit(id: number) {
  try {
    sessionStorage.setItem(HIDDEN_KEY, JSON.stringify([...hiddenThisVisit(), id]));
  } catch {
    // Private mode without storage: it stays hidden until the next page load.
  }
}

/**
 * The rotating alert banner, one compact line on a phone (tap the text to read it all). Alert text
 * is shown as text, never as markup; html and script alerts run in a sandboxed frame (AlertView). Dismissible alerts are dismissed for 14 days; on a phone any
 * alert can be folded away for the visit, so it never holds the top of every page.
 */
export function AlertBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const alerts = useAlerts(true);
  const [dismissed, setDismissed] = useState<number[]>(() => hiddenThisVisit());
  const [index, setIndex] = useState(0);
  const [expanded, setExpanded] = useState(false);
  const spot = alertSpot(pathname);
  const visible = (alerts.data ?? []).filter(
    (a: Alert) =>
      (a.spots.includes('global') ||
        (spot !== null && a.spots.includes(spot)) ||
        a.spots.length === 0) &&
      !dismissed.includes(a.id) &&
      !alertDismissed(a.id),
  );
  useEffect(() => {
    if (visible.length < 2 || expanded) return;
    const timer = setInterval(() => setIndex((i) => i + 1), ROTATE_MS);
    return () => clearInterval(timer);
  }, [visible.length, expanded]);
  if (!visible.length) return null;
  const alert = visible[index % visible.length] as Alert;
  const close = () => {
    if (alert.dismissible) dismissAlert(alert.id);
    else hideThisVisit(alert.id);
    setDismissed((d) => [...d, alert.id]);
  };
  const frame = alertFrameProps(alert, expanded);
  return (
    <div
      className={frame.className}
      style={frame.style}
      role="status"
      data-testid="site-alert"
      data-alert-id={alert.id}
    >
      <div className="container-xl d-flex align-items-center gap-2">
        <AlertBody alert={alert} expanded={expanded} onToggle={() => setExpanded((e) => !e)} />
        <button
          type="button"
          className={`btn-close btn-touch ${alert.dismissible ? '' : 'd-lg-none'}`}
          aria-label={t('community.alerts.dismiss')}
          onClick={close}
        />
      </div>
    </div>
  );
}
