import { useSearchParams } from 'react-router';
import { NoticeForm } from '@/features/notices/NoticeForm';
import { isNoticeKind } from '@/features/notices/noticeForm';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /report-content (?url= and ?kind= pre-fill it: the Report links of profiles, images and groups). */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const kind = search.get('kind');
  useTitle(t('community.notice.title'));
  return (
    <div className="mx-auto" style={{ maxWidth: 680 }}>
      <h1 className="h3 mb-2">{t('community.notice.title')}</h1>
      <p className="text-body-secondary">{t('community.notice.lead')}</p>
      <NoticeForm
        initialUrl={search.get('url')?.slice(0, 500) ?? undefined}
        initialKind={isNoticeKind(kind) ? kind : undefined}
      />
    </div>
  );
}
