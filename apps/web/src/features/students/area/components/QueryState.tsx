// Loading, error (with the server's message and a retry) and empty states shared by every area page.
// The error state loads when it is needed: antd's Result is not fetched by a page that loaded fine.
import { lazy, Suspense, type ReactNode } from 'react';
import { t } from '../../../../lib/i18n';
import { EmptyState, Loading } from './ui';

const LoadFailed = lazy(() => import('./LoadFailed'));

export interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** shown instead of the children when the data counts as empty */
  empty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({ query, empty, emptyText, children }: QueryStateProps<T>) {
  if (query.isPending) return <Loading rows={4} />;
  if (query.error || query.data === undefined) {
    return (
      <Suspense fallback={null}>
        <LoadFailed message={query.error?.message ?? t('没有拿到数据')} retry={() => void query.refetch()} />
      </Suspense>
    );
  }
  if (empty?.(query.data)) return <EmptyState title={emptyText ?? t('暂无内容')} />;
  return <>{children(query.data)}</>;
}
