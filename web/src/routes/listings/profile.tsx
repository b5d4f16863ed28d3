import { useParams } from 'react-router';
import { ApiError } from '@/api/errors';
import { ProfileView } from '@/features/listings/ProfileView';

/** /profile/:id and /username/:username/:idprofile. */
export function Component() {
  const { id, idprofile } = useParams();
  const usernameId = Number(id ?? idprofile);
  if (!Number.isInteger(usernameId) || usernameId <= 0) {
    throw new ApiError('http', '', { status: 404 });
  }
  return <ProfileView key={usernameId} id={usernameId} />;
}
