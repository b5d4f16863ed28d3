import { useQuery } from '@tanstack/react-query';
import { Placeholder } from 'react-bootstrap';
import { useParams } from 'react-router';
import { ApiError } from '@/api/errors';
import { myUsernameQuery } from '@/api/myUsernames';
import { OwnerVerification } from '@/features/usernames/OwnerVerification';
import { UsernameForm } from '@/features/usernames/UsernameForm';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';

/** /user/edit/:id: edit one of my usernames. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user } = useUser();
  const usernameId = Number(id);
  const valid = Number.isInteger(usernameId) && usernameId > 0;
  const item = useQuery({ ...myUsernameQuery(usernameId), enabled: valid });
  useTitle(t('listings.form.editTitle'));
  if (!valid) throw new ApiError('http', '', { status: 404 });
  if (item.error) throw item.error;
  if (!user) return null;
  return (
    <div className="addme-narrow">
      <h1 className="h3 mb-1">{t('listings.form.editTitle')}</h1>
      <p className="text-body-secondary mb-4">
        {item.data
          ? t('listings.form.editLead', { username: item.data.username })
          : t('listings.loading')}
      </p>
      {item.data ? (
        <>
          <OwnerVerification item={item.data} />
          <UsernameForm user={user} item={item.data} defaultApp={item.data.app} />
        </>
      ) : (
        <Placeholder as="div" animation="glow" aria-busy="true">
          {[1, 2, 3, 4].map((n) => (
            <Placeholder key={n} xs={12} className="mb-3 addme-skeleton-field" />
          ))}
        </Placeholder>
      )}
    </div>
  );
}
