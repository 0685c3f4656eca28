// Widgets of a generated form that read another form's rows through the form data API (the rights of
// that form apply), as the original client does: the tree form's parent picker (getTreeData: the roots,
// then `?<pidField>=<id>` when a node opens) and the 关联记录 select (getData with linkTableSelectFields,
// searched by its shown fields). /sys/dict/loadTreeData and /sys/dict/loadDict refuse form tables.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { ONLINE_NO_PAGING } from '@anxue/shared/online-data';
import { LazyTreeSelect, type LazyTreeSelectProps } from '../../../components/dict/LazyTreeSelect';
import type { ServerTreeNode } from '../../../components/dict/treeNodes';
import { joinValue, splitValue } from '../../../components/dict';
import { message } from '../../../lib/antd/static';
import { http, HttpError } from '../../../lib/http';
import { onlineApi } from './api';

type Row = Record<string, unknown> & { id?: unknown };
type Page = { records?: Row[] } | Row[] | null | undefined;

const recordsOf = (page: Page): Row[] => (Array.isArray(page) ? page : (page?.records ?? []));
const warn = (e: unknown) => void message.warning(e instanceof HttpError ? e.message : String(e));

export interface OnlineTreeSelectProps extends LazyTreeSelectProps {
  /** The tree form (its table name or head id). */
  code: string;
  /** The column shown as the node's title. */
  textField: string;
  pidField: string;
  hasChildField?: string;
}

/** Picks a node of a tree form (the parent of a tree form's row). */
export function OnlineTreeSelect({ code, textField, pidField, hasChildField, ...rest }: OnlineTreeSelectProps) {
  const url = onlineApi(code).treeData;
  const toNodes = (rows: Row[]): ServerTreeNode[] =>
    rows.map((r) => ({ value: String(r.id), title: String(r[textField] ?? r.id), isLeaf: hasChildField ? String(r[hasChildField] ?? '') !== '1' : false }));
  const source = {
    key: code && textField && pidField ? [code, textField, pidField, hasChildField].join('|') : undefined,
    roots: async () => toNodes(recordsOf(await http.get<Page>(url, { hasQuery: 'false', pageSize: ONLINE_NO_PAGING }, { silent: true }))),
    children: async (parent: string) => toNodes(recordsOf(await http.get<Page>(url, { [pidField]: parent, ...(hasChildField ? { [hasChildField]: '1' } : {}) }, { silent: true }))),
    // the text of a stored parent the loaded part of the tree does not hold yet
    texts: (ids: string[]) =>
      Promise.all(ids.map(async (id) => String((await http.get<Row>(`${onlineApi(code).form}/${encodeURIComponent(id)}`, undefined, { silent: true }))?.[textField] ?? id))),
    onError: warn,
  };
  return <LazyTreeSelect source={source} {...rest} />;
}

export interface LinkTableSelectProps extends Omit<SelectProps, 'options' | 'value' | 'onChange' | 'mode' | 'showSearch' | 'onSearch'> {
  /** The linked form's table. */
  table: string;
  /** The stored column (id as a rule). */
  valueField?: string;
  /** The shown columns, comma separated; the first is the option's text, the first two are searched. */
  textField: string;
  multi?: boolean;
  value?: string;
  onChange?: (value: string | undefined) => void;
}

type Choice = { value: string; label: string };
const PAGE = 100;
const DEBOUNCE_MS = 400;

/** 关联记录: rows of another form, the first page listed, searched by the shown fields as the user types. */
export function LinkTableSelect({ table, valueField = 'id', textField, multi, value, onChange, ...rest }: LinkTableSelectProps) {
  const texts = useMemo(() => textField.split(',').map((s) => s.trim()).filter(Boolean), [textField]);
  const label = texts[0] ?? valueField;
  const selectFields = [valueField, ...texts].join(',');
  const url = onlineApi(table).data;
  const [choices, setChoices] = useState<Choice[]>([]);
  const [known, setKnown] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchNo = useRef(0);
  const values = splitValue(value);

  const toChoices = (rows: Row[]): Choice[] => rows.map((r) => ({ value: String(r[valueField] ?? ''), label: String(r[`${label}_dictText`] ?? r[label] ?? r[valueField] ?? '') }));

  const load = async (keyword: string) => {
    const no = ++searchNo.current;
    setLoading(true);
    try {
      const params: Record<string, unknown> = { pageNo: 1, pageSize: PAGE, linkTableSelectFields: selectFields };
      if (keyword) {
        params.superQueryMatchType = 'or';
        params.superQueryParams = JSON.stringify(texts.slice(0, 2).map((field) => ({ field, rule: 'like', val: keyword })));
      }
      const rows = recordsOf(await http.get<Page>(url, params, { silent: true }));
      if (no !== searchNo.current) return;
      setChoices(toChoices(rows));
    } catch (e) {
      if (no === searchNo.current) {
        setChoices([]);
        warn(e);
      }
    } finally {
      if (no === searchNo.current) setLoading(false);
    }
  };

  useEffect(() => {
    if (table) void load('');
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table, selectFields]);

  // texts of stored values that the listed rows do not hold
  const missing = values.filter((v) => !choices.some((c) => c.value === v) && known[v] === undefined).join(',');
  useEffect(() => {
    if (!missing || !table) return;
    let alive = true;
    const params = { pageNo: 1, pageSize: PAGE, linkTableSelectFields: selectFields, superQueryMatchType: 'and', superQueryParams: JSON.stringify([{ field: valueField, rule: 'in', val: missing }]) };
    http.get<Page>(url, params, { silent: true }).then(
      (page) => {
        if (!alive) return;
        const found = Object.fromEntries(toChoices(recordsOf(page)).map((c) => [c.value, c.label]));
        setKnown((k) => ({ ...k, ...Object.fromEntries(missing.split(',').map((v) => [v, found[v] ?? v])) }));
      },
      (e: unknown) => console.error('关联记录文本加载失败', e),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing, table]);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void load(keyword.trim()), DEBOUNCE_MS);
  };
  const textOf = (v: string) => choices.find((c) => c.value === v)?.label ?? known[v] ?? v;
  const remember = (picked: string[]) => setKnown((k) => ({ ...k, ...Object.fromEntries(picked.map((v) => [v, textOf(v)])) }));
  const labeled = values.map((v) => ({ value: v, label: textOf(v) }));

  return (
    <Select<Choice | Choice[] | undefined>
      allowClear
      {...rest}
      labelInValue
      showSearch
      filterOption={false}
      mode={multi ? 'multiple' : undefined}
      value={multi ? labeled : labeled[0]}
      options={choices}
      loading={loading}
      onSearch={search}
      onChange={(picked) => {
        const list = picked ? (Array.isArray(picked) ? picked : [picked]) : [];
        const ids = list.map((p) => String(p.value));
        remember(ids);
        const joined = joinValue(ids);
        onChange?.(joined === '' ? undefined : joined);
      }}
    />
  );
}
