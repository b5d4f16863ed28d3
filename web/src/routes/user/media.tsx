import { useParams } from 'react-router';
import { ApiError } from '@/api/errors';
import { MediaManager } from '@/features/media/MediaManager';

/** /user/media/:id: pictures of one of my usernames. */
export function Component() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  if (!Number.isFinite(id) || id <= 0) throw new ApiError('http', '', { status: 404 });
  return <MediaManager key={id} id={id} />;
}
