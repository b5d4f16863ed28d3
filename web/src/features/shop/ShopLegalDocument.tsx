import { Link } from 'react-router';
import { useConfig } from '@/config/config';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

interface Section {
  heading: string;
  paragraphs: string[];
}

/** The shop's own legal texts (shop.legalDocs.<doc>), in the look of the site's legal pages. */
export function ShopLegalDocument({ doc }: { doc: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  const vars = { site: site_name };
  const title = t(`shop.legalDocs.${doc}.title`, vars);
  useTitle(title);
  const sections = t(`shop.legalDocs.${doc}.sections`, { ...vars, returnObjects: true }) as
    | Section[]
    | string;

  return (
    <article className="addme-legal addme-card p-4 p-sm-5 mx-auto" data-testid="legal-document">
      <p className="small mb-2">
        <Link to="/shop">{t('shop.backToShop')}</Link>
      </p>
      <h1 className="h2">{title}</h1>
      <p className="text-body-secondary small">{t(`shop.legalDocs.${doc}.updated`)}</p>
      {Array.isArray(sections) &&
        sections.map((section) => (
          <section key={section.heading}>
            <h2 className="h5 mt-4">{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
          </section>
        ))}
    </article>
  );
}
