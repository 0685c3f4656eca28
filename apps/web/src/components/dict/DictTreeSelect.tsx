// Tree select over a table dictionary (`table,textField,codeField`) with a parent column: roots are
// the rows whose pidField is pidValue, children load via GET /sys/dict/loadTreeData when a node opens.
import { useEffect } from 'react';
import { message } from '../../lib/antd/static';
import { http, HttpError } from '../../lib/http';
import { dictPath } from './dictOptions';
import { LazyTreeSelect, type LazyTreeSelectProps } from './LazyTreeSelect';
import { DICT_CODE_REQUIRED, TREE_CONDITION_INVALID } from './messages';
import type { ServerTreeNode } from './treeNodes';

export interface DictTreeSelectProps extends LazyTreeSelectProps {
  /** `table,textField,codeField`. */
  dict?: string;
  pidField?: string;
  /** The pid of the roots (default: empty). */
  pidValue?: string;
  hasChildField?: string;
  /** A JSON object string of equality filters, e.g. '{"status":"1"}'. */
  condition?: string;
}

/** The condition is checked in the browser first: only a JSON object string is sent. */
export function isJsonObjectString(condition: string): boolean {
  try {
    const parsed: unknown = JSON.parse(condition);
    return !!parsed && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

export function DictTreeSelect({ dict, pidField = 'pid', pidValue = '', hasChildField, condition, ...rest }: DictTreeSelectProps) {
  const [tableName, text, code] = (dict ?? '').split(',');
  const badCondition = !!condition && !isJsonObjectString(condition);
  const usable = !!dict && !!tableName && !!text && !!code && !badCondition;

  useEffect(() => {
    if (!dict) console.error(DICT_CODE_REQUIRED);
    else if (badCondition) console.error(TREE_CONDITION_INVALID);
  }, [dict, badCondition]);

  const load = (pid: string) =>
    http.get<ServerTreeNode[]>(
      '/sys/dict/loadTreeData',
      { pid, tableName, text, code, pidField, hasChildField: hasChildField ?? '', condition: condition ?? '' },
      { silent: true },
    );
  const source = {
    key: usable ? [dict, pidField, pidValue, hasChildField, condition].join('|') : undefined,
    roots: () => load(pidValue),
    children: load,
    texts: usable ? (ids: string[]) => http.get<string[]>(dictPath('/sys/dict/loadDictItem', dict!), { key: ids.join(',') }, { silent: true }) : undefined,
    onError: (e: unknown) => void message.error(e instanceof HttpError ? e.message : String(e)),
  };
  return <LazyTreeSelect source={source} {...rest} />;
}
