import { useParams } from 'react-router';
import { ApiError } from '@/api/errors';
import { UnbanPanel } from '@/features/requests/UnbanPanel';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /user/unban/:id */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('community.unban.title'));
  const id = Number.parseInt(useParams().id ?? '', 10);
  if (!Number.isFinite(id) || id <= 0) throw new ApiError('http', '', { status: 404 });
  return (
    <div style={{ maxWidth: 680 }}>
      <h1 className="h3 mb-3">{t('community.unban.title')}</h1>
      <UnbanPanel key={id} id={id} />
    </div>
  );
}
