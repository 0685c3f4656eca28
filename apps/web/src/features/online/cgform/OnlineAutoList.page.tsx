// The generated page of an online form (/online/cgformList/<headId>, and /online/cgformTreeList/<headId>
// for a tree form): query form and 高级查询 from the form's query settings, the list from getColumns with
// dictionary texts, paging and sort, add / edit / detail from getFormItem, delete, import and export, and
// for a tree its children loaded when a node is opened. Buttons follow online:form:<table>:<action>.
import { useEffect, useMemo, useState, type Key } from 'react';
import { useLocation } from 'react-router';
import { ONLINE_NO_PAGING } from '@anxue/shared/online-data';
import { Button, Card, Result, Spin } from 'antd';
import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import { ImportExcelModal } from '../../../components/import-excel';
import { ListPage, RowActions, saveBlob, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message, Modal } from '../../../lib/antd/static';
import { http, HttpError } from '../../../lib/http';
import { usePermission } from '../../../lib/permission';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session/store';
import { formPermission, headIdFromPath, onlineApi, type OnlineColumnsAnswer, type OnlineFormItem, type OnlineQueryInfo } from './api';
import { onlineCell } from './listCells';
import { OnlineFormModal, type FormMode } from './OnlineFormModal';
import type { PageButton } from '@anxue/shared/online-extras';
import { useCustomButtons } from './buttons/customButtons';
import { queryFields, queryItems, queryRulesOf, superQueryFields } from './onlineQuery';
import { usePageTitle } from '../../../lib/pageTitle';

type Row = { id: string } & Record<string, unknown>;
type PageResultLike = { records?: Row[]; total?: number };

interface Config {
  columns: OnlineColumnsAnswer;
  query: OnlineQueryInfo;
  form: OnlineFormItem;
}

const LOADING_CHILD = '__loading_child';

/**
 * `code` names the form (its head id or table name); without it the last part of the address does, as in
 * the original's /online/cgformList/:id. A menu whose component is `online/cgformList/<code>` can hand
 * the code in (see the report of issue 15 for the registry rule).
 */
export default function OnlineAutoListPage({ code }: { code?: string } = {}) {
  const fromPath = headIdFromPath(useLocation().pathname);
  const id = code || fromPath;
  const [config, setConfig] = useState<Config | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    setConfig(undefined);
    setFailure(undefined);
    const api = onlineApi(id);
    void Promise.all([
      http.get<OnlineColumnsAnswer>(api.columns, undefined, { silent: true }),
      http.get<OnlineQueryInfo>(api.queryInfo, undefined, { silent: true }),
      http.get<OnlineFormItem>(api.formItem, undefined, { silent: true }),
    ]).then(
      ([columns, query, form]) => live && setConfig({ columns, query: query ?? {}, form }),
      (e: unknown) => {
        if (!live) return;
        const text = e instanceof HttpError ? e.message : String(e);
        setFailure(text === 'NO_DB_SYNC' ? t('数据库未同步，请先同步数据库再查看此页面！') : text);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  // opened through the generic route (/online/cgformList/<id>, menu title Online表单): the tab shows the form's
  // name; a menu made for this form (component online/cgformList/<code>) keeps its own name
  usePageTitle(code ? undefined : config?.columns.description || config?.form.head?.tableTxt);

  if (failure) return <Result status="warning" title={t('无法打开表单')} subTitle={failure} />;
  if (!config) {
    return (
      <Card variant="borderless">
        <Spin />
      </Card>
    );
  }
  return <OnlineList key={id} headId={id} config={config} />;
}

function OnlineList({ headId, config }: { headId: string; config: Config }) {
  const api = onlineApi(headId);
  const { columns: cfg, form: formItem } = config;
  const table = cfg.currentTableName || formItem.head?.tableName || '';
  // The buttons follow the user's codes and the buttons getColumns says the caller may not use
  // (hideColumns). A form made after signing in has rights the session's button list has never heard of
  // (it holds none of online:form:<table>:*): then hideColumns, the server's word now, decides alone.
  const { has } = usePermission();
  const auth = useSession((st) => st.auth);
  const sessionKnowsForm = useMemo(() => auth.some((a) => a.action.startsWith(`online:form:${table}:`)), [auth, table]);
  const hiddenButtons = useMemo(() => new Set(cfg.hideColumns ?? []), [cfg.hideColumns]);
  const can = (action: 'add' | 'edit' | 'delete' | 'export' | 'import') => !hiddenButtons.has(action) && (!sessionKnowsForm || has(formPermission(table, action)));
  const isTree = cfg.isTree === 'Y' || formItem.head?.isTree === 'Y';
  const pidField = cfg.pidField || formItem.head?.treeParentIdField || 'pid';
  const hasChildField = cfg.hasChildrenField || 'has_child';
  const fields = useMemo(() => {
    const all = queryFields(config.query.properties);
    const only = config.query.searchFieldList;
    return only ? all.filter((f) => only.includes(f.key)) : all;
  }, [config.query]);
  const queryRules = useMemo(() => queryRulesOf(fields), [fields]);
  const list = useListPage<Row>({
    api: { list: isTree ? api.treeData : api.data },
    queryRules,
    defaultSort: { column: 'id', order: 'asc' },
    immediate: false, // the first load follows the paging setting (below)
    // a tree lists its roots unless the query filters (the server decides from the query; hasQuery as the original sends it)
    defaultParams: isTree ? { hasQuery: 'false' } : undefined,
  });
  const [editing, setEditing] = useState<{ mode: FormMode; dataId?: string; initial?: Record<string, unknown> } | undefined>();
  const [importing, setImporting] = useState(false);
  const [children, setChildren] = useState<Record<string, Row[]>>({});
  const [expanded, setExpanded] = useState<Key[]>([]);
  const superFields = useMemo(() => superQueryFields(config.query.properties ?? formItem.schema.properties ?? {}), [config.query, formItem]);

  const reload = async () => {
    setChildren({});
    setExpanded([]);
    await list.reload();
  };
  // 自定义按钮 the caller holds the rights of (getColumns' cgButtonList)
  const custom = useCustomButtons({ headId, buttons: (cfg.cgButtonList ?? []) as PageButton[], selectedRows: () => list.selectedRows, onDone: reload });

  const removeIds = async (ids: string[]) => {
    try {
      const res = await http.raw.delete(`${api.form}/${ids.map(encodeURIComponent).join(',')}`);
      void message.success(res.message || t('删除成功!'));
      list.clearSelection();
      await reload();
    } catch {
      /* the client showed the notice */
    }
  };

  const exportXls = async () => {
    const params: Record<string, unknown> = { ...list.currentParams() };
    if (list.selectedRowKeys.length) params.selections = list.selectedRowKeys.join(',');
    try {
      const blob = await http.blob(api.exportXls, { paramsStr: JSON.stringify(params) }, { silent: true });
      if (!blob.size || /json/i.test(blob.type)) {
        void message.warning(t('文件下载失败'));
        return;
      }
      saveBlob(blob, `${cfg.description || table}${/spreadsheetml/i.test(blob.type) ? '.xlsx' : '.xls'}`);
    } catch (e) {
      void message.warning(e instanceof HttpError ? e.message : t('文件下载失败'));
    }
  };

  const loadChildren = async (row: Row) => {
    try {
      const result = await http.get<PageResultLike | Row[]>(api.treeData, { column: list.sort.column, order: list.sort.order, [pidField]: row.id, [hasChildField]: row[hasChildField] ?? '1' });
      const rows = Array.isArray(result) ? result : (result?.records ?? []);
      setChildren((c) => ({ ...c, [row.id]: rows }));
    } catch {
      setChildren((c) => ({ ...c, [row.id]: [] }));
    }
  };

  // the tree: a node whose has-child flag is set shows a placeholder child until its children arrive
  const treeRows = useMemo(() => {
    if (!isTree) return list.dataSource;
    const build = (rows: Row[], depth: number): Row[] =>
      rows.map((r) => {
        const loaded = children[r.id];
        if (loaded) return loaded.length ? { ...r, children: depth > 20 ? [] : build(loaded, depth + 1) } : r;
        return String(r[hasChildField] ?? '') === '1' ? { ...r, children: [{ id: `${r.id}${LOADING_CHILD}`, [LOADING_CHILD]: true } as Row] } : r;
      });
    return build(list.dataSource, 0);
  }, [isTree, list.dataSource, children, hasChildField]);

  const listColumns = useMemo<ListColumn<Row>[]>(() => {
    const cols: ListColumn<Row>[] = (cfg.columns ?? [])
      .map((c) => ({
        title: c.title,
        dataIndex: c.dataIndex,
        align: (c.align ?? 'center') as 'left' | 'right' | 'center',
        sorter: !!c.sorter,
        render: (_v: unknown, row: Row) => (row[LOADING_CHILD] ? (c === cfg.columns[0] ? t('加载中…') : '') : onlineCell(c, row)),
      }));
    cols.push({
      title: '操作',
      key: 'action',
      fixed: 'right',
      // room for the row's custom buttons too
      width: (isTree ? 220 : 170) + 70 * (cfg.cgButtonList ?? []).filter((b) => (b as { buttonStyle?: string }).buttonStyle === 'link').length,
      render: (_v: unknown, row: Row) =>
        row[LOADING_CHILD] ? null : (
          <RowActions
            actions={[
              { key: 'edit', label: t('编辑'), hidden: !can('edit') || hiddenButtons.has('update'), onClick: () => setEditing({ mode: 'edit', dataId: row.id }) },
              { key: 'detail', label: t('详情'), hidden: hiddenButtons.has('detail'), onClick: () => setEditing({ mode: 'detail', dataId: row.id }) },
              ...(isTree ? [{ key: 'addChild', label: t('添加下级'), hidden: !can('add'), onClick: () => setEditing({ mode: 'add', initial: { [pidField]: row.id } }) }] : []),
              { key: 'delete', label: t('删除'), hidden: !can('delete'), confirm: t('确定删除吗?'), onClick: () => void removeIds([row.id]) },
              ...custom.rowActions(row),
            ]}
          />
        ),
    });
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cfg, hiddenButtons, isTree, table, pidField]);
  const columns = useListColumns<Row>(listColumns, { rowNumber: !isTree });

  const selectable = cfg.checkboxFlag !== 'N';
  const batchDelete = () => {
    const ids = list.selectedRowKeys.map(String);
    if (!ids.length) {
      void message.warning(t('请选择一条记录！'));
      return;
    }
    Modal.confirm({ title: t('确认删除'), content: t('是否删除选中数据?'), okText: t('确定'), cancelText: t('取消'), onOk: () => removeIds(ids) });
  };

  // 是否分页 N: every row at once (the original's pageSize -521), no pager
  const paged = cfg.paginationFlag !== 'N' && formItem.head?.isPage !== 'N';
  useEffect(() => {
    if (paged) void list.load(1);
    else void list.handleTableChange({ current: 1, pageSize: ONLINE_NO_PAGING }, {}, {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <ListPage<Row>
        list={{ ...list, dataSource: treeRows, reload, reset: async () => { setChildren({}); setExpanded([]); await list.reset(); } }}
        columns={columns}
        query={fields.length && !hiddenButtons.has('query') ? queryItems(fields) : undefined}
        onAdd={can('add') ? () => setEditing({ mode: 'add' }) : undefined}
        superQuery={superFields.length && !hiddenButtons.has('super_query') ? { fields: superFields, saveCode: `online-${headId}` } : undefined}
        selectable={selectable}
        batchActions={can('delete') && !hiddenButtons.has('batch_delete') ? [{ key: 'delete', label: t('删除'), onClick: batchDelete }] : []}
        toolbar={
          <>
            {can('import') && (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                {t('导入')}
              </Button>
            )}
            {can('export') && (
              <Button icon={<DownloadOutlined />} onClick={() => void exportXls()}>
                {t('导出')}
              </Button>
            )}
            {custom.topBar}
          </>
        }
        tableProps={
          isTree
            ? {
                ...(paged ? {} : { pagination: false as const }),
                expandable: {
                  expandedRowKeys: expanded,
                  onExpand: (open, row) => {
                    setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((k) => k !== row.id)));
                    if (open && !children[row.id]) void loadChildren(row);
                  },
                },
              }
            : paged
              ? undefined
              : { pagination: false }
        }
      />
      {editing && (
        <OnlineFormModal
          headId={headId}
          formItem={formItem}
          mode={editing.mode}
          dataId={editing.dataId}
          initial={editing.initial}
          title={`${cfg.description || formItem.head?.tableTxt || ''} ${editing.mode === 'add' ? t('新增') : editing.mode === 'edit' ? t('编辑') : t('详情')}`.trim()}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) void reload();
          }}
        />
      )}
      <ImportExcelModal open={importing} url={api.importXls} onClose={() => setImporting(false)} onSuccess={() => void reload()} />
    </>
  );
}
