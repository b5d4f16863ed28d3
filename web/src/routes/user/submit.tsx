import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { myUsernamesQuery } from '@/api/myUsernames';
import { ButtonLink } from '@/components/ButtonLink';
import { useConfig } from '@/config/config';
import { SlotModal } from '@/features/usernames/SlotModal';
import { UsernameForm } from '@/features/usernames/UsernameForm';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';

/**
 * /user/submit: add a username. A member who cannot add one now (at the limit, or inside a 24-hour
 * wait) is told why before filling in anything, with the way forward (a slot, or when to come back).
 */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { default_app } = useConfig();
  const mine = useQuery(myUsernamesQuery);
  const [slotOpen, setSlotOpen] = useState(false);
  useTitle(t('listings.form.submitTitle'));
  if (!user) return null;
  const meta = mine.data?.meta;
  const atLimit = meta
    ? meta.usernames_count >= meta.max_usernames
    : user.usernames_count >= user.max_usernames;
  const waitReason = meta && !atLimit && !meta.can_add ? meta.add_blocked_reason : null;

  let body: React.ReactNode;
  if (atLimit) {
    body = (
      <Alert variant="warning" data-testid="submit-at-limit">
        <p className="fw-semibold mb-1">
          {t('listings.slot.title', { count: user.max_usernames })}
        </p>
        <p>
          {t('listings.slot.intro', {
            used: meta?.usernames_count ?? user.usernames_count,
            max: meta?.max_usernames ?? user.max_usernames,
          })}
        </p>
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-accent btn-touch"
            disabled={!meta}
            onClick={() => setSlotOpen(true)}
          >
            {t('listings.form.moreSlots')}
          </button>
          <ButtonLink to="/user">{t('listings.mine.title')}</ButtonLink>
        </div>
      </Alert>
    );
  } else if (waitReason) {
    body = (
      <Alert variant="info" data-testid="submit-blocked">
        <p>{waitReason}</p>
        <ButtonLink to="/user">{t('listings.mine.title')}</ButtonLink>
      </Alert>
    );
  } else if (!meta && mine.isPending) {
    body = (
      <div className="py-4 text-center">
        <Spinner role="status" aria-label={t('listings.loading')} />
      </div>
    );
  } else {
    // On a failed check the form still shows: the server refuses what it must, with the reason.
    body = <UsernameForm user={user} defaultApp={default_app} />;
  }

  return (
    <div className="addme-narrow">
      <h1 className="h3 mb-1">{t('listings.form.submitTitle')}</h1>
      <p className="text-body-secondary mb-4">{t('listings.form.submitLead')}</p>
      {body}
      {meta && (
        <SlotModal
          meta={meta}
          show={slotOpen}
          onClose={() => setSlotOpen(false)}
          topUps={user.top_ups_count}
        />
      )}
    </div>
  );
}
