import { useParams } from 'react-router';
import { BlogPost } from '@/features/content/Blog';

/** /blog/:slug */
export function Component() {
  const { slug = '' } = useParams();
  return <BlogPost key={slug} slug={slug} />;
}
