import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '@/api/errors';
import { GroupList } from '@/features/groups/GroupList';
import { subPathScope } from '@/lib/subPaths';

/** /groups, /{app}-groups and their sub-paths (paths from lib/subPaths.ts). */
export function Component() {
  const { pathname } = useLocation();
  const scope = useMemo(() => subPathScope(pathname, 'groups'), [pathname]);
  if (!scope) throw new ApiError('http', '', { status: 404 });
  return <GroupList key={pathname} scope={scope} />;
}
