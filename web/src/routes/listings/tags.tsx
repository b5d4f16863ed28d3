import { TagCloud } from '@/features/listings/TagCloud';

/** /tags */
export function Component() {
  return <TagCloud />;
}
