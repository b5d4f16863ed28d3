import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Placeholder } from 'react-bootstrap';
import { Link } from 'react-router';
import { myUsernamesQuery } from '@/api/myUsernames';
import { ButtonLink } from '@/components/ButtonLink';
import { Icon } from '@/components/Icon';
import { LoadError } from '@/components/LoadError';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import type { User } from '@/session/session';
import { FreeTopUpModal } from './FreeTopUpModal';
import { type ExtraItemActions, MyUsernameItem } from './MyUsernameItem';
import { SlotModal } from './SlotModal';
import '@/components/cards.css';
import './usernames.css';

/** What to offer: nothing the member already has (no "Become VIP" for a VIP or a Studio). */
export function boostLinks(user: Pick<User, 'is_promoted' | 'is_studio'>) {
  const links: { key: 'becomeVip' | 'renewVip' | 'buyPromotion' | 'addKey'; to: string }[] = [];
  if (user.is_studio) {
    // Studio makes every username VIP: no VIP to sell.
  } else if (user.is_promoted) {
    links.push({ key: 'renewVip', to: '/shop' });
  } else {
    links.push({ key: 'becomeVip', to: '/shop' }, { key: 'buyPromotion', to: '/shop' });
  }
  links.push({ key: 'addKey', to: '/user/orders' });
  return links;
}

/** The user home: counters, my usernames with their actions, and the way to add one more. */
export function MyUsernames({
  user,
  extraActions,
}: {
  user: User;
  extraActions?: ExtraItemActions;
}) {
  const { t, i18n } = useTranslation();
  const mine = useQuery(myUsernamesQuery);
  const [slotOpen, setSlotOpen] = useState(false);
  const [freeOpen, setFreeOpen] = useState(false);
  const meta = mine.data?.meta;
  // Until my usernames load, the signed-in user's own counters decide: the button must never
  // offer the submit form to an account that is already at its limit.
  const atLimit = meta
    ? meta.usernames_count >= meta.max_usernames
    : user.usernames_count >= user.max_usernames;
  const vipUntil =
    user.promotion_ending_at && Date.parse(user.promotion_ending_at) > Date.now()
      ? formatDate(user.promotion_ending_at, i18n.language)
      : null;
  const studioUntil =
    user.is_studio && user.studio_ending_at
      ? formatDate(user.studio_ending_at, i18n.language)
      : null;
  // Every slot used and none left to buy: nothing to add, so no "Add username" button.
  const full = atLimit && meta?.slot.state === 'at_max';
  // The first approved username shows its figures at once; the others on a click.
  const firstApproved = mine.data?.data.find((u) => u.status === 'approved')?.id;

  const stats = [
    {
      key: 'usernames',
      icon: 'user' as const,
      value: meta
        ? `${meta.usernames_count} / ${meta.max_usernames}`
        : `${user.usernames_count} / ${user.max_usernames}`,
    },
    { key: 'topUps', icon: 'zap' as const, value: String(user.top_ups_count) },
    { key: 'firePins', icon: 'flame' as const, value: String(user.fire_pins_count) },
  ];

  const addButton = full ? (
    <div className="text-end small" data-testid="slots-full">
      <div className="text-body-secondary">
        {t('listings.mine.slotsFull', { count: meta?.max_usernames ?? user.max_usernames })}
      </div>
      {meta?.slot.studio_upsell && <Link to="/shop">{t('listings.slot.studio')}</Link>}
    </div>
  ) : atLimit ? (
    <button
      type="button"
      className="btn btn-outline-secondary btn-touch"
      onClick={() => setSlotOpen(true)}
      data-testid="add-username"
    >
      {t('listings.mine.add')}
    </button>
  ) : meta && !meta.can_add ? (
    <button
      type="button"
      className="btn btn-outline-secondary btn-touch"
      disabled
      aria-describedby="add-blocked"
      data-testid="add-username"
    >
      {t('listings.mine.add')}
    </button>
  ) : (
    <ButtonLink to="/user/submit" data-testid="add-username">
      {t('listings.mine.add')}
    </ButtonLink>
  );

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
        <div>
          <h1 className="h3 mb-1">{t('listings.mine.title')}</h1>
          <p className="text-body-secondary mb-0">
            {t('user.welcome', { name: user.first_name || user.email })}
          </p>
        </div>
        {addButton}
      </div>
      {meta && !atLimit && meta.add_blocked_reason && (
        <p className="small text-body-secondary" id="add-blocked" data-testid="add-blocked">
          {meta.add_blocked_reason}
        </p>
      )}

      <div className="row g-2 g-sm-3 mb-3">
        {stats.map((s) => (
          <div className="col-4" key={s.key}>
            <div className="addme-card addme-stat p-3 h-100">
              <Icon name={s.icon} />
              <div className="addme-stat-value" data-testid={`stat-${s.key}`}>
                {s.value}
              </div>
              <div className="small text-body-secondary">{t(`user.stats.${s.key}`)}</div>
            </div>
          </div>
        ))}
      </div>
      <p className="small mb-4" data-testid="vip-status">
        {user.is_studio ? (
          <span className="fw-semibold">
            {studioUntil
              ? t('listings.mine.studioUntil', { date: studioUntil })
              : t('listings.mine.studio')}
          </span>
        ) : vipUntil ? (
          <span className="fw-semibold">{t('listings.mine.vipUntil', { date: vipUntil })}</span>
        ) : (
          <span className="text-body-secondary">{t('listings.mine.notVip')}</span>
        )}
      </p>

      {mine.isPending ? (
        <Placeholder as="div" animation="glow" aria-busy="true">
          <Placeholder xs={12} className="mb-3 rounded-4" style={{ height: '7rem' }} />
          <Placeholder xs={12} className="rounded-4" style={{ height: '7rem' }} />
        </Placeholder>
      ) : mine.data && mine.data.data.length > 0 ? (
        <div className="d-flex flex-column gap-3">
          {mine.data.data.map((item) => (
            <MyUsernameItem
              key={item.id}
              item={item}
              extraActions={extraActions}
              figuresOpen={item.id === firstApproved}
            />
          ))}
        </div>
      ) : mine.isError ? (
        <LoadError message={t('listings.mine.loadFailed')} query={mine} testId="mine-error" />
      ) : mine.data ? (
        <div className="addme-card addme-empty p-4 text-center" data-testid="mine-empty">
          <h2 className="h5">{t('user.emptyTitle')}</h2>
          <p className="text-body-secondary">{t('user.emptyText')}</p>
          <ButtonLink to="/user/submit" variant="accent" className="px-4">
            {t('user.submit')}
          </ButtonLink>
        </div>
      ) : null}

      <section className="mt-4" aria-labelledby="boost-title">
        <h2 id="boost-title" className="h6 text-uppercase text-body-secondary">
          {t('listings.mine.boost')}
        </h2>
        <div className="d-flex flex-wrap gap-2">
          {/* Claimed here: the server answers with the Top-Up or the reason it cannot be had yet. */}
          <button
            type="button"
            className="btn btn-outline-secondary btn-touch"
            onClick={() => setFreeOpen(true)}
            data-testid="free-topup"
          >
            {t('listings.mine.links.freeTopUp')}
          </button>
          <FreeTopUpModal show={freeOpen} onHide={() => setFreeOpen(false)} />
          {boostLinks(user).map((l) => (
            <ButtonLink key={l.key} to={l.to}>
              {t(`listings.mine.links.${l.key}`)}
            </ButtonLink>
          ))}
        </div>
      </section>

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
