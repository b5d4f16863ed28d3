import { useParams } from 'react-router';
import { GroupPage } from '@/features/groups/GroupPage';

/** /group/:slug */
export function Component() {
  const { slug = '' } = useParams();
  return <GroupPage key={slug} slug={slug} />;
}
