import { Link } from 'react-router';

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
  const button = `btn ${secondary ? 'btn-outline-secondary' : 'btn-accent'} btn-touch`;
  return (
    <div className="addme-card p-4 text-center" data-testid={testId}>
      {heading ? <h1 className="h4">{text}</h1> : <p className="mb-3">{text}</p>}
      <Link to={to} className={heading ? `${button} mt-2` : button}>
        {linkText}
      </Link>
    </div>
  );
}
