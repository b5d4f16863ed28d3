import type { ReactNode } from 'react';
import { reportContentPath } from '@/lib/paths';
import { ButtonLink } from './ButtonLink';

/** The quiet "report this content" link under a page's content: to the notice form, about `url`. */
export function ReportContentLink({
  url,
  className,
  children,
}: {
  url: string;
  /** Its spacing on the page. */
  className: string;
  children: ReactNode;
}) {
  return (
    <ButtonLink
      to={reportContentPath(url)}
      variant="link"
      className={`text-body-secondary px-0 ${className}`}
      data-testid="report-content-link"
    >
      {children}
    </ButtonLink>
  );
}
