import { ListingView } from '@/features/listings/ListingView';

/** /list, /{app}-usernames and sub-paths, /tags/:tag, /countries/:code (paths in filters.ts). */
export function Component() {
  return <ListingView />;
}
