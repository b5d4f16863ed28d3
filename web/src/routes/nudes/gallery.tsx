import { useParams } from 'react-router';
import { GalleryView } from '@/features/media/GalleryView';

/** /nude/:slug */
export function Component() {
  const { slug = '' } = useParams();
  return <GalleryView key={slug} slug={slug} />;
}
