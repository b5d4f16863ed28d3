import { data, type LoaderFunctionArgs, useParams } from 'react-router';
import { UserDetail } from '@/features/admin/people/UserDetail';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export async function loader(args: LoaderFunctionArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw data(null, { status: 404 });
  return serverGuard(`/v1/admin/users/${id}`)(args);
}

export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  useTitle(t('people.user.title', { id }));
  return <UserDetail id={Number(id)} />;
}
