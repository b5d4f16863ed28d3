import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Nav, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useConfig } from '@/config/config';
import { anotherModalOpen } from '@/lib/modals';
import {
  type Browser,
  countPageView,
  detectBrowser,
  dismissBanner,
  hasInstallPrompt,
  takeInstallPrompt,
} from './pwa';
import './pwa.css';

const BROWSERS: Browser[] = ['safari', 'chrome', 'firefox', 'other'];
const STEPS: Record<Browser, number> = { safari: 3, chrome: 3, firefox: 3, other: 2 };

/** The install-app instructions modal: the visitor's own browser first, the others one tab away. */
export function InstallModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  const [browser, setBrowser] = useState<Browser>(() => detectBrowser(navigator.userAgent));
  const canPrompt = browser === 'chrome' && hasInstallPrompt();

  const install = async () => {
    const prompt = takeInstallPrompt();
    if (!prompt) return;
    await prompt.prompt();
    onHide();
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="install-title">
      <Modal.Header closeButton closeLabel={t('pwa.close')}>
        <Modal.Title id="install-title" as="h2" className="h5">
          {t('pwa.installTitle', { site: site_name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Tab.Container activeKey={browser} onSelect={(k) => k && setBrowser(k as Browser)}>
          <Nav variant="pills" className="install-tabs mb-3" role="tablist">
            {BROWSERS.map((b) => (
              <Nav.Item key={b}>
                <Nav.Link eventKey={b} className="btn-touch" data-testid={`install-tab-${b}`}>
                  {t(`pwa.browsers.${b}`)}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <Tab.Content>
            {BROWSERS.map((b) => (
              <Tab.Pane key={b} eventKey={b} data-testid={`install-steps-${b}`}>
                <ol className="install-steps mb-0">
                  {Array.from({ length: STEPS[b] }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a fixed sequence.
                    <li key={i}>{t(`pwa.steps.${b}.${i + 1}`, { site: site_name })}</li>
                  ))}
                </ol>
              </Tab.Pane>
            ))}
          </Tab.Content>
        </Tab.Container>
      </Modal.Body>
      <Modal.Footer>
        {canPrompt && (
          <Button className="btn-accent btn-touch" onClick={() => void install()}>
            {t('pwa.installNow')}
          </Button>
        )}
        <Button variant="outline-secondary" className="btn-touch" onClick={onHide}>
          {t('pwa.done')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** The compact top banner suggesting the app. */
function AppBanner({ onInstall, onDismiss }: { onInstall: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  return (
    <aside className="app-banner" aria-label={t('pwa.bannerLabel')} data-testid="app-banner">
      <div className="container-xl d-flex align-items-center gap-2">
        <img src="/icons/icon-192.png" alt="" width={32} height={32} className="rounded-2" />
        <span className="flex-grow-1 small lh-sm">
          <strong>{t('pwa.bannerTitle', { site: site_name })}</strong>
          <span className="d-block text-body-secondary">{t('pwa.bannerText')}</span>
        </span>
        <Button size="sm" className="btn-accent btn-touch" onClick={onInstall}>
          {t('pwa.bannerInstall')}
        </Button>
        <button
          type="button"
          className="btn-close btn-touch"
          aria-label={t('pwa.bannerDismiss')}
          onClick={onDismiss}
        />
      </div>
    </aside>
  );
}

/** At the third navigation of a phone browser: the home-screen app is announced, once. */
function AnnouncementModal({
  show,
  onHide,
  onInstall,
}: {
  show: boolean;
  onHide: () => void;
  onInstall: () => void;
}) {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="announcement-title">
      <Modal.Header closeButton closeLabel={t('pwa.close')}>
        <Modal.Title id="announcement-title" as="h2" className="h5">
          {t('pwa.announcementTitle', { site: site_name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body data-testid="announcement">
        <p>{t('pwa.announcementText', { site: site_name })}</p>
        <ul className="mb-0">
          <li>{t('pwa.perks.fast')}</li>
          <li>{t('pwa.perks.fullScreen')}</li>
          <li>{t('pwa.perks.free')}</li>
        </ul>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="link" className="btn-touch" onClick={onHide}>
          {t('pwa.notNow')}
        </Button>
        <Button className="btn-accent btn-touch" onClick={onInstall}>
          {t('pwa.showMeHow')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * The home-screen app's prompts on every page: counts page views (rules in pwa.ts), shows the
 * banner, the announcement (waiting for any other modal, e.g. the age gate, to close first) and the
 * install instructions.
 */
export function AppPrompts() {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  const [banner, setBanner] = useState(false);
  const [announcementDue, setAnnouncementDue] = useState(false);
  const [announcement, setAnnouncement] = useState(false);
  const [install, setInstall] = useState(false);

  useEffect(() => {
    // One view per path change (strict mode runs effects twice).
    if (last.current === pathname) return;
    last.current = pathname;
    const next = countPageView(pathname);
    setBanner(next.banner);
    if (next.announcement) setAnnouncementDue(true);
  }, [pathname]);

  useEffect(() => {
    if (!announcementDue) return;
    const id = window.setInterval(() => {
      if (anotherModalOpen()) return;
      window.clearInterval(id);
      setAnnouncementDue(false);
      setAnnouncement(true);
    }, 700);
    return () => window.clearInterval(id);
  }, [announcementDue]);

  return (
    <>
      {banner && (
        <AppBanner
          onInstall={() => setInstall(true)}
          onDismiss={() => {
            dismissBanner();
            setBanner(false);
          }}
        />
      )}
      <AnnouncementModal
        show={announcement}
        onHide={() => setAnnouncement(false)}
        onInstall={() => {
          setAnnouncement(false);
          setInstall(true);
        }}
      />
      <InstallModal show={install} onHide={() => setInstall(false)} />
    </>
  );
}
