import type { CSSProperties } from 'react';
import { LoadError } from '@/components/LoadError';
import { LoadingBlock } from '@/components/LoadingBlock';
import type { ListQuery } from './AdminList';

/**
 * What an admin panel shows before its data: the load error with a retry once the query failed,
 * else a placeholder of the panel's height. For `if (query.isError || !query.data) return …`.
 */
export function LoadState({
  query,
  failed = query.isError,
  loadError,
  height,
  className,
}: {
  query: ListQuery;
  /** Whether to show the error (default: the query failed). */
  failed?: boolean;
  loadError: string;
  height: CSSProperties['height'];
  className?: string;
}) {
  if (failed) {
    return (
      <LoadError
        message={loadError}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <LoadingBlock height={height} className={className} />;
}
