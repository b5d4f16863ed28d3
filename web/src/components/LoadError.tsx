import { useTranslation } from '@/i18n/useTranslation';

/** What a page shows when its data could not be loaded: never an empty list that looks final. */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  testId = 'load-error',
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="addme-card p-4 text-center" role="alert" data-testid={testId}>
      <p className="mb-3">{message}</p>
      <button
        type="button"
        className="btn btn-accent btn-touch px-4"
        onClick={onRetry}
        disabled={retrying}
      >
        {t('listings.retry')}
      </button>
    </div>
  );
}
