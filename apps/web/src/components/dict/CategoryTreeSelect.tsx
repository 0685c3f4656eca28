// 分类字典 tree select: the children of the category coded `pcode` (all roots without it), loaded
// level by level; an existing value's text from GET /sys/category/loadDictItem/?ids=.
import { message } from '../../lib/antd/static';
import { http, HttpError } from '../../lib/http';
import { LazyTreeSelect, type LazyTreeSelectProps } from './LazyTreeSelect';
import type { ServerTreeNode } from './treeNodes';

export interface CategoryTreeSelectProps extends LazyTreeSelectProps {
  /** Code of the category whose subtree is offered. */
  pcode?: string;
}

function showLoadError(e: unknown) {
  void message.error(e instanceof HttpError ? e.message : String(e));
}

export function CategoryTreeSelect({ pcode, ...rest }: CategoryTreeSelectProps) {
  const source = {
    key: pcode ?? '',
    roots: () => http.get<ServerTreeNode[]>('/sys/category/loadTreeRoot', { async: true, pcode: pcode ?? '' }, { silent: true }),
    children: (pid: string) => http.get<ServerTreeNode[]>('/sys/category/loadTreeChildren', { pid }, { silent: true }),
    texts: (ids: string[]) => http.get<string[]>('/sys/category/loadDictItem/', { ids: ids.join(',') }, { silent: true }),
    onError: showLoadError,
  };
  return <LazyTreeSelect source={source} {...rest} />;
}
