import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, unwrap } from '@/api/client';
import { myUsernamesQuery } from '@/api/myUsernames';
import { AppBadge } from '@/components/AppBadge';
import { ButtonLink } from '@/components/ButtonLink';
import { Icon } from '@/components/Icon';
import { LoadingBlock } from '@/components/LoadingBlock';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import type { User } from '@/session/session';

/** The Studio's usernames under the admins' switch rules (the server decides which are offered). */
const switchQuery = queryOptions({
  queryKey: ['user', 'switch'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/user/switch', { signal })),
});

// Only what the server grants a Studio (no daily-wait bypass: one new username a day still applies).
const PERKS = ['slots', 'vip', 'autoTopUps', 'edits'] as const;

/**
 * /user/switch for Studio accounts: the Studio's usernames to manage, and what Studio gives.
 * There is no account-switching call in the API: each username links to its own management.
 */
export function StudioPanel({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const mine = useQuery(myUsernamesQuery);
  const accounts = useQuery(switchQuery);
  const until = formatDate(user.studio_ending_at, i18n.language);

  return (
    <div>
      <h1 className="h3 mb-1">{t('wallet.studio.title')}</h1>
      <p className="text-body-secondary">
        {until ? t('wallet.studio.until', { date: until }) : t('wallet.studio.active')}
      </p>

      <section className="mb-4" aria-labelledby="studio-usernames">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 className="h5 mb-0 me-auto" id="studio-usernames">
            {t('wallet.studio.usernames', {
              count: mine.data?.meta.usernames_count ?? user.usernames_count,
              max: mine.data?.meta.max_usernames ?? user.max_usernames,
            })}
          </h2>
          <ButtonLink to="/user/submit">{t('wallet.studio.add')}</ButtonLink>
        </div>
        {accounts.isPending ? (
          <LoadingBlock height="4rem" />
        ) : accounts.data && accounts.data.accounts.length > 0 ? (
          <ul
            className="list-unstyled d-flex flex-column gap-2 mb-0"
            data-testid="studio-usernames"
          >
            {accounts.data.accounts.map((item) => (
              <li
                key={item.id}
                className="addme-card p-3 d-flex flex-wrap align-items-center gap-2"
              >
                <span className="fw-semibold text-break me-1">{item.username}</span>
                <AppBadge app={item.app} />
                <span className="small text-body-secondary">
                  {t(`listings.status.${item.status}`, { defaultValue: item.status })}
                </span>
                <span className="ms-auto d-flex gap-2">
                  {item.switchable ? (
                    <ButtonLink to={`/user/edit/${item.id}`}>
                      {t('wallet.studio.manage')}
                    </ButtonLink>
                  ) : (
                    <span className="small text-body-secondary" data-testid="switch-blocked">
                      {item.blocked === 'app'
                        ? t('catalog.switch.blockedApp')
                        : t('catalog.switch.blockedLimit')}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary">{t('wallet.studio.none')}</p>
        )}
        <p className="small mt-2 mb-0">
          <Link to="/user">{t('wallet.studio.toHome')}</Link>
        </p>
      </section>

      <section className="addme-card p-3 p-sm-4" aria-labelledby="studio-perks">
        <h2 className="h5" id="studio-perks">
          {t('wallet.studio.perksTitle')}
        </h2>
        <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
          {PERKS.map((perk) => (
            <li key={perk} className="d-flex gap-2">
              <span className="text-success" aria-hidden="true">
                <Icon name="shield" size={18} />
              </span>
              <span>{t(`wallet.studio.perks.${perk}`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
