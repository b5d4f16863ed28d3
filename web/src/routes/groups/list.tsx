import { useLocation } from 'react-router';
import { ApiError } from '../../api/errors';
import { APPS, type AppName } from '../../features/config/config';
import { GroupList } from '../../features/groups/GroupList';

/** /groups and /{app}-groups (declared one by one in router.tsx). */
export function Component() {
  const { pathname } = useLocation();
  const head = pathname.split('/').filter(Boolean)[0] ?? 'groups';
  const app = /^(.+)-groups$/.exec(head)?.[1];
  if (app && !APPS.includes(app as AppName)) throw new ApiError('http', '', { status: 404 });
  return <GroupList key={head} app={app as AppName | undefined} />;
}
