import { Link } from 'react-router';
import { ButtonLink } from '@/components/ButtonLink';
import { PromotedLabel } from '@/components/PromotedLabel';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

const PRODUCTS = ['topUp', 'firePin', 'vip', 'studio', 'autoTopUp'] as const;

/** /help/ranking: how the lists are ordered, and what each paid product changes, in plain words. */
export function RankingPage() {
  const { t } = useTranslation();
  useTitle(t('community.ranking.title'));
  const product = {
    topUp: [t('community.ranking.products.topUp.name'), t('community.ranking.products.topUp.text')],
    firePin: [
      t('community.ranking.products.firePin.name'),
      t('community.ranking.products.firePin.text'),
    ],
    vip: [t('community.ranking.products.vip.name'), t('community.ranking.products.vip.text')],
    studio: [
      t('community.ranking.products.studio.name'),
      t('community.ranking.products.studio.text'),
    ],
    autoTopUp: [
      t('community.ranking.products.autoTopUp.name'),
      t('community.ranking.products.autoTopUp.text'),
    ],
  } as const;
  return (
    <article className="mx-auto" style={{ maxWidth: 760 }} data-testid="ranking">
      <p className="small mb-1">
        <Link to="/help">{t('community.help.title')}</Link>
      </p>
      <h1 className="h3 mb-2">{t('community.ranking.title')}</h1>
      <p className="lead">{t('community.ranking.lead')}</p>

      <section aria-labelledby="ranking-order" className="mb-4">
        <h2 className="h5" id="ranking-order">
          {t('community.ranking.orderTitle')}
        </h2>
        <ul>
          <li>{t('community.ranking.latest')}</li>
          <li>{t('community.ranking.popular')}</li>
          <li>{t('community.ranking.filters')}</li>
          <li>{t('community.ranking.vipLists')}</li>
          <li>{t('community.ranking.similar')}</li>
        </ul>
      </section>

      <section aria-labelledby="ranking-paid" className="mb-4">
        <h2 className="h5" id="ranking-paid">
          {t('community.ranking.paidTitle')}
        </h2>
        <p>{t('community.ranking.paidLead')}</p>
        <p className="d-flex align-items-center gap-2">
          <span className="ranking-sample">
            <PromotedLabel reason="fire_pin" />
          </span>
          <span className="small text-body-secondary">{t('community.ranking.labelText')}</span>
        </p>
        <dl className="ranking-products">
          {PRODUCTS.map((key) => (
            <div key={key} className="addme-card p-3 mb-2">
              <dt className="fw-semibold">{product[key][0]}</dt>
              <dd className="mb-0">{product[key][1]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="ranking-never" className="mb-4">
        <h2 className="h5" id="ranking-never">
          {t('community.ranking.neverTitle')}
        </h2>
        <p>{t('community.ranking.never')}</p>
      </section>

      <p className="small text-body-secondary">{t('community.ranking.api')}</p>
      <p>
        <ButtonLink to="/help" className="me-2">
          {t('community.ranking.backToHelp')}
        </ButtonLink>
        <ButtonLink to="/shop">{t('community.ranking.shop')}</ButtonLink>
      </p>
    </article>
  );
}
