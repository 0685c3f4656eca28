// Loading, error (with the server's message and a retry) and empty states shared by every area page.
import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';

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

export function QueryState<T>({ query, empty, emptyText = '暂无内容', children }: QueryStateProps<T>) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.error || query.data === undefined) {
    return (
      <Result
        status="error"
        title="加载失败"
        subTitle={query.error?.message ?? '没有拿到数据'}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (empty?.(query.data)) return <Empty description={emptyText} />;
  return <>{children(query.data)}</>;
}
