import type { CSSProperties } from 'react';
import { Placeholder } from 'react-bootstrap';

/** One glowing block where a card or table will be while its data loads. */
export function LoadingBlock({
  height,
  className = 'rounded-4',
  busy,
  hidden,
}: {
  height: CSSProperties['height'];
  className?: string;
  /** aria-busy on the block (a region that says it is loading). */
  busy?: boolean;
  /** aria-hidden on the block (a page that says it is loading elsewhere). */
  hidden?: boolean;
}) {
  return (
    <Placeholder
      as="div"
      animation="glow"
      aria-busy={busy ? 'true' : undefined}
      aria-hidden={hidden ? 'true' : undefined}
    >
      <Placeholder xs={12} className={className} style={{ height }} />
    </Placeholder>
  );
}
