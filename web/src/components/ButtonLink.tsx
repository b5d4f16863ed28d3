import { Link, type LinkProps } from 'react-router';

/** The button looks a link may take (Bootstrap's variants the app uses for links). */
export type ButtonLinkVariant =
  | 'accent'
  | 'outline-secondary'
  | 'light'
  | 'outline-light'
  | 'outline-dark'
  | 'link';

/**
 * A link drawn as a touch-sized button: where a page offers a way on (back to the shop, to the
 * orders) rather than an action, so it stays a link for the router and for screen readers.
 */
export function ButtonLink({
  variant = 'outline-secondary',
  className,
  ...link
}: LinkProps & { variant?: ButtonLinkVariant }) {
  return (
    <Link className={`btn btn-${variant} btn-touch${className ? ` ${className}` : ''}`} {...link} />
  );
}
