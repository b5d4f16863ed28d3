import { ButtonLink } from './ButtonLink';

/**
 * A page's one message where its content would be (not found, nothing yet, something missing)
 * and the link that gets the visitor on: as a paragraph, or as the page's heading when nothing
 * else on the page has one (`heading`).
 */
export function NoticeCard({
  text,
  to,
  linkText,
  heading = false,
  secondary = false,
  testId,
}: {
  text: string;
  to: string;
  linkText: string;
  heading?: boolean;
  /** A quieter link (outline), for a page whose main action is elsewhere. */
  secondary?: boolean;
  testId?: string;
}) {
  return (
    <div className="addme-card p-4 text-center" data-testid={testId}>
      {heading ? <h1 className="h4">{text}</h1> : <p className="mb-3">{text}</p>}
      <ButtonLink
        to={to}
        variant={secondary ? 'outline-secondary' : 'accent'}
        className={heading ? 'mt-2' : undefined}
      >
        {linkText}
      </ButtonLink>
    </div>
  );
}
