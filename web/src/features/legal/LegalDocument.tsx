import { useConfig } from '@/config/config';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export type LegalDocumentKey =
  | 'terms'
  | 'acceptableUse'
  | 'dmca'
  | 'privacy'
  | 'refunds'
  | 'recordKeeping';

/** Renders a legal text kept in the catalogues (legal.<doc>.title / updated / sections). */
export function LegalDocument({ doc }: { doc: LegalDocumentKey }) {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  const vars = { site: site_name };
  const title = t(`legal.${doc}.title`, vars);
  useTitle(title);
  const sections = t(`legal.${doc}.sections`, { ...vars, returnObjects: true }) as LegalSection[];

  return (
    <article className="addme-legal addme-card p-4 p-sm-5 mx-auto" data-testid="legal-document">
      <h1 className="h2">{title}</h1>
      <p className="text-body-secondary small">{t(`legal.${doc}.updated`)}</p>
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
