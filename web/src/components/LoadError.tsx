import { useTranslation } from '@/i18n/useTranslation';

/**
 * How the page loads again: a query (refetched, and the button held while it fetches) or a
 * function of the page's own.
 */
type Retry =
  | { query: { refetch: () => unknown; isFetching: boolean }; onRetry?: never; retrying?: never }
  | { query?: never; onRetry: () => void; retrying?: boolean };

/** What a page shows when its data could not be loaded: never an empty list that looks final. */
export function LoadError({
  message,
  testId = 'load-error',
  ...retry
}: {
  message: string;
  testId?: string;
} & Retry) {
  const { t } = useTranslation();
  const onRetry = retry.query ? () => void retry.query.refetch() : retry.onRetry;
  const retrying = retry.query ? retry.query.isFetching : (retry.retrying ?? false);
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
