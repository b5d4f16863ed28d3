import type { ReactNode } from 'react';
import { useConfig } from '@/config/config';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/**
 * A legal text kept in the catalogues under `base` (`<base>.title`, `.updated`, `.sections`), in
 * the look of the site's legal pages; `before` stands above the title (a way back).
 */
export function LegalText({ base, before }: { base: string; before?: ReactNode }) {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  const vars = { site: site_name };
  const title = t(`${base}.title`, vars);
  useTitle(title);
  const sections = t(`${base}.sections`, { ...vars, returnObjects: true }) as
    | LegalSection[]
    | string;

  return (
    <article className="addme-legal addme-card p-4 p-sm-5 mx-auto" data-testid="legal-document">
      {before}
      <h1 className="h2">{title}</h1>
      <p className="text-body-secondary small">{t(`${base}.updated`)}</p>
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
