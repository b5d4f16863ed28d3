import { ButtonLink } from '@/components/ButtonLink';
import { CardGrid } from '@/components/CardGrid';
import { useConfig } from '@/config/config';
import { useTranslation } from '@/i18n/useTranslation';
import { HOME_COUNT, HOME_QUERY, useUsernames } from './queries';
import './listings.css';

/** The home page's latest usernames for the brand's own app. */
export function LatestUsernames() {
  const { t } = useTranslation();
  const { default_app } = useConfig();
  const list = useUsernames(HOME_QUERY(default_app));
  const app = t(`apps.${default_app}`);
  return (
    <section className="container-xl pt-5" aria-labelledby="latest-title" data-testid="home-latest">
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-3">
        <h2 id="latest-title" className="h4 mb-0">
          {t('listings.home.title', { app })}
        </h2>
        <ButtonLink to={`/${default_app}-usernames`}>
          {t('listings.home.seeAll', { app })}
        </ButtonLink>
      </div>
      <CardGrid
        cards={list.data?.data}
        pending={list.isPending}
        headingLevel={3}
        skeletons={HOME_COUNT}
        empty={<p className="text-body-secondary">{t('listings.home.empty')}</p>}
      />
    </section>
  );
}
