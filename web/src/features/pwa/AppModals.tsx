import { useState } from 'react';
import { Button, Modal, Nav, Tab } from 'react-bootstrap';
import { ModalHeading } from '@/components/ModalHeading';
import { useConfig } from '@/config/config';
import { useTranslation } from '@/i18n/useTranslation';
import { type Browser, detectBrowser, hasInstallPrompt, takeInstallPrompt } from './pwa';

/* The app's two modals, loaded only when one opens (AppPrompts.tsx decides when): every page
 * carries the prompts' rules, not a modal library for them. */

const BROWSERS: Browser[] = ['safari', 'chrome', 'firefox', 'other'];
const STEPS: Record<Browser, number> = { safari: 3, chrome: 3, firefox: 3, other: 2 };

/** The app modals' title bar, its close button worded as the app prompts word it. */
function PwaHeading({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation();
  return <ModalHeading id={id} title={title} closeLabel={t('pwa.close')} />;
}

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
      <PwaHeading id="install-title" title={t('pwa.installTitle', { site: site_name })} />
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

/** At the third navigation of a phone browser: the home-screen app is announced, once. */
export function AnnouncementModal({
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
      <PwaHeading id="announcement-title" title={t('pwa.announcementTitle', { site: site_name })} />
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

/** Both modals: the announcement leads to the install instructions. */
export default function AppModals({
  announcement,
  install,
  onAnnouncementHide,
  onInstall,
  onInstallHide,
}: {
  announcement: boolean;
  install: boolean;
  onAnnouncementHide: () => void;
  onInstall: () => void;
  onInstallHide: () => void;
}) {
  return (
    <>
      <AnnouncementModal show={announcement} onHide={onAnnouncementHide} onInstall={onInstall} />
      <InstallModal show={install} onHide={onInstallHide} />
    </>
  );
}
