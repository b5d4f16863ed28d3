import { BlogList } from '@/features/content/Blog';

/** /blog */
export function Component() {
  return <BlogList />;
}
