import { Link, type LinkProps } from 'react-router';

/** A card's title link, stretched over the whole card: the card is one target to tap. */
export function CardLink({ className, ...link }: LinkProps) {
  return <Link className={`stretched-link${className ? ` ${className}` : ''}`} {...link} />;
}
