import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/session';
import { StudioPanel } from '@/features/wallet/StudioPanel';
import { useTitle } from '@/hooks/useTitle';

/** /user/switch: Studio accounts only (the studio guard sends everyone else to /user). */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  useTitle(t('wallet.studio.title'));
  if (!user) return null;
  return <StudioPanel user={user} />;
}
