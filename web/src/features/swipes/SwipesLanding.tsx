import { ButtonLink } from '@/components/ButtonLink';
import { Icon } from '@/components/Icon';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';
import { canSwipe } from './vip';
import './swipes.css';

/** /local-swipes: what local swipes are, who gets them, and how the location is kept private. */
export function SwipesLanding({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { user } = useUser();
  const vip = canSwipe(user);
  useTitle(compact ? undefined : t('community.swipes.title'));
  const Heading = compact ? 'h2' : 'h1';
  return (
    <div className="swipes-landing mx-auto" data-testid="swipes-landing">
      <div className="swipes-hero addme-card p-4 mb-4 text-center">
        <span className="swipes-hero-icon" aria-hidden="true">
          <Icon name="heart" size={28} />
        </span>
        <Heading className="h3 mt-3">{t('community.swipes.title')}</Heading>
        <p className="lead mb-3">{t('community.swipes.pitch')}</p>
        {vip ? (
          <ButtonLink to="/user/local-swipes" variant="accent" className="btn-lg">
            {t('community.swipes.start')}
          </ButtonLink>
        ) : (
          <>
            <p className="small text-body-secondary">{t('community.swipes.vipOnly')}</p>
            <ButtonLink to="/shop" variant="accent" className="btn-lg">
              {t('community.swipes.becomeVip')}
            </ButtonLink>
          </>
        )}
      </div>
      <div className="row g-3">
        {(['how', 'who', 'privacy'] as const).map((key) => (
          <section key={key} className="col-md-4">
            <div className="addme-card p-3 h-100">
              <h2 className="h6">{t(`community.swipes.points.${key}.title`)}</h2>
              <p className="small mb-0 text-body-secondary">
                {t(`community.swipes.points.${key}.text`)}
              </p>
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
