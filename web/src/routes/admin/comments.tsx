import { CommentsQueue } from '@/features/moderation/CommentsQueue';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.comments'));
  return <CommentsQueue />;
}
