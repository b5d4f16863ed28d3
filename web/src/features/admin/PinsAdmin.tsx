import { useQuery } from '@tanstack/react-query';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminTable } from '@/components/admin/AdminTable';
import { LoadingBlock } from '@/components/LoadingBlock';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { pinsQuery } from './economyQueries';

/** /admin/pins: usernames held first by an active Fire Pin. */
export function PinsAdmin() {
  const { t, i18n } = useTranslation();
  const pins = useQuery(pinsQuery);
  return (
    <AdminPage title={t('shop.admin.pinsTitle')} intro={t('shop.admin.pinsIntro')}>
      {pins.isPending ? (
        <LoadingBlock height="6rem" />
      ) : pins.data && pins.data.length > 0 ? (
        <AdminTable
          columns={[
            t('shop.admin.username'),
            t('shop.admin.app'),
            t('shop.admin.owner'),
            t('shop.admin.until'),
          ]}
        >
          {pins.data.map((pin) => (
            <tr key={pin.username_id}>
              <td className="text-break">{pin.username}</td>
              <td>{pin.app}</td>
              <td>#{pin.user_id}</td>
              <td>{formatDate(pin.fire_pinned_until, i18n.language, 'compact')}</td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="text-body-secondary">{t('shop.admin.noPins')}</p>
      )}
    </AdminPage>
  );
}
