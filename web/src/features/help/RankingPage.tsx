import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ButtonLink';
import { PromotedLabel } from '@/components/PromotedLabel';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

const PRODUCTS = ['topUp', 'firePin', 'vip', 'studio', 'autoTopUp'] as const;

/** A titled part of the page, named by its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 className="h5" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /help/ranking: how the lists are ordered, and what each paid product changes, in plain words. */
export function RankingPage() {
  const { t } = useTranslation();
  useTitle(t('community.ranking.title'));
  return (
    <article className="mx-auto" style={{ maxWidth: 760 }} data-testid="ranking">
      <p className="small mb-1">
        <Link to="/help">{t('community.help.title')}</Link>
      </p>
      <h1 className="h3 mb-2">{t('community.ranking.title')}</h1>
      <p className="lead">{t('community.ranking.lead')}</p>

      <Section id="ranking-order" title={t('community.ranking.orderTitle')}>
        <ul>
          <li>{t('community.ranking.latest')}</li>
          <li>{t('community.ranking.popular')}</li>
          <li>{t('community.ranking.filters')}</li>
          <li>{t('community.ranking.vipLists')}</li>
          <li>{t('community.ranking.similar')}</li>
        </ul>
      </Section>

      <Section id="ranking-paid" title={t('community.ranking.paidTitle')}>
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
              <dt className="fw-semibold">{t(`community.ranking.products.${key}.name`)}</dt>
              <dd className="mb-0">{t(`community.ranking.products.${key}.text`)}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="ranking-never" title={t('community.ranking.neverTitle')}>
        <p>{t('community.ranking.never')}</p>
      </Section>

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
