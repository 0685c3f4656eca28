// The state and behaviour every list page shares (the original's list mixin, spec/02 §4 and §7):
// query, sort, filters, pagination, selection, advanced query, delete, export.
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type Key } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { FilterValue, SorterResult } from 'antd/es/table/interface';
import { DEFAULT_SORT, PAGINATION } from '@anxue/shared/constants';
import type { PageResult } from '@anxue/shared/wire';
import { message, Modal } from '../../lib/antd/static';
import { http, HttpError } from '../../lib/http';
import { reportHttpError } from '../../lib/http/errors';
import { buildListParams, DOWNLOAD_FAILED, MISSING_URL, pageAfterRemoval, SELECT_ONE } from './params';
import { excelExtension, saveBlob } from './saveBlob';
import type { ListPageOptions, ListSort, MatchType, QueryParam } from './types';
import { namedRowCheckbox } from './rowCheckbox';
import { t, totalText } from '../../lib/i18n';

interface ListState<T> {
  queryParam: QueryParam;
  sort: ListSort;
  filters: Record<string, string>;
  current: number;
  pageSize: number;
  total: number;
  /** the server stopped counting: more rows than `total` match */
  totalCapped: boolean;
  records: T[];
  selectedRowKeys: Key[];
  selectedRows: T[];
  superQueryParams: string;
  superQueryMatchType: MatchType;
  loading: boolean;
}

type Row = Record<string, unknown>;

export function useListPage<T extends object = Row>(options: ListPageOptions) {
  const opts = useRef(options);
  opts.current = options;
  const rowKey = options.rowKey ?? 'id';
  const initialSort: ListSort = { column: options.defaultSort?.column ?? DEFAULT_SORT.column, order: options.defaultSort?.order ?? DEFAULT_SORT.order };
  const [state, setState] = useState<ListState<T>>(() => ({
    queryParam: {},
    sort: initialSort,
    filters: {},
    current: PAGINATION.current,
    pageSize: PAGINATION.pageSize,
    total: 0,
    totalCapped: false,
    records: [],
    selectedRowKeys: [],
    selectedRows: [],
    superQueryParams: '',
    superQueryMatchType: 'and',
    loading: false,
  }));
  // Handlers read the latest state synchronously (several updates then one load).
  const ref = useRef(state);
  const patch = useCallback((p: Partial<ListState<T>>) => {
    ref.current = { ...ref.current, ...p };
    setState(ref.current);
  }, []);
  const requestNo = useRef(0);

  const params = useCallback(() => {
    const s = ref.current;
    const o = opts.current;
    return buildListParams({
      defaultParams: o.defaultParams,
      query: s.queryParam,
      queryRules: o.queryRules,
      filters: s.filters,
      sort: s.sort,
      fieldList: o.fieldList,
      pageNo: s.current,
      pageSize: s.pageSize,
      superQueryParams: s.superQueryParams,
      superQueryMatchType: s.superQueryMatchType,
    });
  }, []);

  /** Loads the current page; `page` moves there first (1 after a search). */
  const load = useCallback(
    async (page?: number) => {
      const url = opts.current.api.list;
      if (!url) {
        void message.error(t(MISSING_URL.list));
        return;
      }
      if (page) patch({ current: page });
      const no = ++requestNo.current;
      patch({ loading: true });
      try {
        const result = await http.get<PageResult<T> | T[]>(url, params(), { silent: true });
        if (no !== requestNo.current) return;
        const records = Array.isArray(result) ? result : (result?.records ?? []);
        const total = Array.isArray(result) ? result.length : Number(result?.total ?? 0);
        // rows render in a transition: React slices that render, so a page of rows with tags, avatars and
        // actions no longer holds the browser in one task with the rest of the list page
        startTransition(() => patch({ records, total, totalCapped: !Array.isArray(result) && result?.totalCapped === true, loading: false }));
      } catch (e) {
        if (no !== requestNo.current) return;
        patch({ loading: false });
        // an ended session (expired, or forced offline) signs out as any other call's 401 does
        if (e instanceof HttpError && e.status === 401) return reportHttpError(e);
        void message.warning(e instanceof HttpError ? e.message : String(e));
      }
    },
    [params, patch],
  );

  useEffect(() => {
    if (opts.current.immediate !== false) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const clearSelection = useCallback(() => patch({ selectedRowKeys: [], selectedRows: [] }), [patch]);

  const search = useCallback(() => {
    clearSelection();
    return load(1);
  }, [clearSelection, load]);

  const reset = useCallback(() => {
    patch({ queryParam: {}, filters: {} });
    clearSelection();
    return load(1);
  }, [clearSelection, load, patch]);

  const setQueryParam = useCallback((q: QueryParam) => patch({ queryParam: q }), [patch]);

  const handleSuperQuery = useCallback(
    (superQueryParams: string, matchType: MatchType = 'and') => {
      patch({ superQueryParams: superQueryParams || '', superQueryMatchType: matchType });
      return load(1);
    },
    [load, patch],
  );

  const afterRemoval = useCallback(
    (removed: number) => {
      const s = ref.current;
      patch({ current: pageAfterRemoval(s.total, removed, s.current, s.pageSize) });
      return load();
    },
    [load, patch],
  );

  /** Deletes one row (pages confirm with a Popconfirm first). Resolves true on success. */
  const remove = useCallback(
    async (id: Key): Promise<boolean> => {
      const url = opts.current.api.delete;
      if (!url) {
        void message.error(t(MISSING_URL.delete));
        return false;
      }
      try {
        const res = await http.raw.delete(url, { id });
        void message.success(res.message || t('删除成功!'));
        const s = ref.current;
        if (s.selectedRowKeys.includes(id)) {
          patch({ selectedRowKeys: s.selectedRowKeys.filter((k) => k !== id), selectedRows: s.selectedRows.filter((r) => (r as Row)[rowKey] !== id) });
        }
        await afterRemoval(1);
        return true;
      } catch {
        return false; // the client showed the notice
      }
    },
    [afterRemoval, patch, rowKey],
  );

  /** Deletes the selected rows after a confirm; warns when nothing is selected. */
  const removeSelected = useCallback(() => {
    const url = opts.current.api.deleteBatch;
    if (!url) {
      void message.error(t(MISSING_URL.deleteBatch));
      return;
    }
    const keys = ref.current.selectedRowKeys;
    if (keys.length === 0) {
      void message.warning(t(SELECT_ONE));
      return;
    }
    Modal.confirm({
      title: t('确认删除'),
      content: t('是否删除选中数据?'),
      okText: t('确定'),
      cancelText: t('取消'),
      onOk: async () => {
        try {
          const res = await http.raw.delete(url, { ids: keys.join(',') });
          void message.success(res.message || t('删除成功!'));
          clearSelection();
          await afterRemoval(keys.length);
        } catch {
          /* notice shown by the client */
        }
      },
    });
  }, [afterRemoval, clearSelection]);

  /** Downloads the export with the list's parameters plus the selection. */
  const exportXls = useCallback(
    async (fileName = t('导出文件')) => {
      const url = opts.current.api.exportXls;
      if (!url) return;
      const p: Record<string, string | number | boolean> = params();
      if (ref.current.selectedRowKeys.length) p.selections = ref.current.selectedRowKeys.join(',');
      try {
        const blob = await http.blob(url, p, { silent: true });
        if (!blob || blob.size === 0) {
          void message.warning(t(DOWNLOAD_FAILED));
          return;
        }
        saveBlob(blob, fileName + excelExtension(blob));
      } catch {
        void message.warning(t(DOWNLOAD_FAILED));
      }
    },
    [params],
  );

  /** antd Table onChange: sorter → column/order, filters → comma lists, pagination. */
  const handleTableChange = useCallback(
    (pagination: TablePaginationConfig, filters: Record<string, FilterValue | null>, sorter: SorterResult<T> | SorterResult<T>[]) => {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const p: Partial<ListState<T>> = {};
      if (one && one.field && one.order) {
        p.sort = { column: String(Array.isArray(one.field) ? one.field.join('.') : one.field), order: one.order === 'ascend' ? 'asc' : 'desc' };
      } else if (one && one.column === undefined && ref.current.sort.column !== initialSort.column) {
        p.sort = initialSort;
      }
      const f: Record<string, string> = {};
      for (const [k, v] of Object.entries(filters ?? {})) if (v && v.length) f[k] = v.join(',');
      p.filters = f;
      p.current = pagination.current ?? ref.current.current;
      p.pageSize = pagination.pageSize ?? ref.current.pageSize;
      patch(p);
      return load();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [load, patch],
  );

  const pagination: TablePaginationConfig = useMemo(
    () => ({
      current: state.current,
      pageSize: state.pageSize,
      // past a capped count there are more pages: one more keeps 下一页 open, and the server counts further
      total: state.totalCapped ? state.total + state.pageSize : state.total,
      pageSizeOptions: [...PAGINATION.pageSizeOptions],
      showQuickJumper: PAGINATION.showQuickJumper,
      showSizeChanger: PAGINATION.showSizeChanger,
      showTotal: (_total: number, range: [number, number]) => totalText(state.total, range, state.totalCapped),
    }),
    [state.current, state.pageSize, state.total, state.totalCapped],
  );

  const rowSelection = useMemo(
    () => ({
      selectedRowKeys: state.selectedRowKeys,
      getCheckboxProps: namedRowCheckbox,
      onChange: (keys: Key[], rows: T[]) => patch({ selectedRowKeys: keys, selectedRows: rows }),
    }),
    [state.selectedRowKeys, patch],
  );

  return {
    ...state,
    rowKey,
    api: options.api,
    dataSource: state.records,
    pagination,
    rowSelection,
    superQueryActive: !!state.superQueryParams,
    setQueryParam,
    setSelectedRowKeys: (keys: Key[]) =>
      patch({ selectedRowKeys: keys, selectedRows: ref.current.records.filter((r) => keys.includes((r as Row)[rowKey] as Key)) }),
    clearSelection,
    search,
    reset,
    reload: () => load(),
    load,
    remove,
    removeSelected,
    exportXls,
    handleTableChange,
    handleSuperQuery,
    /** The parameters of the next list call (for pages with extra downloads). */
    currentParams: params,
  };
}

export type ListPageState<T extends object = Row> = ReturnType<typeof useListPage<T>>;
