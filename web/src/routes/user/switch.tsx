import { StudioPanel } from '@/features/wallet/StudioPanel';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';

/** /user/switch: Studio accounts only (the studio guard sends everyone else to /user). */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  useTitle(t('wallet.studio.title'));
  if (!user) return null;
  return <StudioPanel user={user} />;
}
