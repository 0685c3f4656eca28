// A whole resource page from a description: the query form, columns, row actions, add/edit modal and
// toolbar of ListPage + ListFormModal, so entity pages state what differs and repeat none of the
// list/add/edit/delete code. Buttons follow `<permission>:<action>` as everywhere.
import { useMemo, useState, type ReactNode } from 'react';
import { Form, Image, Select } from 'antd';
import type { SuperQueryField } from '../advanced-query';
import { DictSelect } from '../dict/DictSelect';
import { http } from '../../lib/http';
import { imageUrl, splitPaths } from '../../lib/files';
import { ListFormModal } from './ListFormModal';
import { ListPage } from './ListPage';
import { QueryInput } from './QueryInput';
import { editDeleteActions, RowActions, type RowAction } from './RowActions';
import { useListColumns, type ListColumn } from './useListColumns';
import { useListPage, type ListPageState } from './useListPage';
import { ResourceFormBody, type ResourceFormItem } from './resourceForm';
import type { ListApi, ListSort, QueryParam, QueryRule } from './types';
import { t } from '../../lib/i18n';

export interface ResourceApi extends ListApi {
  add?: string;
  edit?: string;
  /** Read before editing when set, so the form gets what the list leaves out (child rows). */
  queryById?: string;
}

const ALL_ACTIONS = ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel', 'queryById'] as const;
type ResourceAction = (typeof ALL_ACTIONS)[number];

/** The urls of a resource registered under `path` (e.g. /students/course), limited to `actions`. */
export function resourceApi(path: string, actions: readonly ResourceAction[] = ALL_ACTIONS): ResourceApi {
  return Object.fromEntries(actions.map((a) => [a, `${path}/${a}`]));
}

export interface ResourceQueryField {
  name: string;
  label: string;
  widget?: 'input' | 'dict' | 'select';
  dictCode?: string;
  options?: { label: string; value: string | number }[];
  /** How the value is sent (like for text searches). */
  rule?: QueryRule;
}

export interface ResourcePageHandle<T extends object> {
  list: ListPageState<T>;
  add(initial?: Partial<T>): void;
  edit(row: T): void;
}

export interface ResourcePageProps<T extends object> {
  /** What one record is called: 新增<title>, 编辑<title>. */
  title: string;
  /** Permission code prefix, e.g. students:course. */
  permission: string;
  api: ResourceApi;
  columns: ListColumn<T>[];
  query?: ResourceQueryField[];
  superQuery?: SuperQueryField[];
  /** The add/edit form; without it the page only lists (no 新增, no 编辑). */
  form?: ResourceFormItem[];
  formWidth?: number;
  toForm?: (record: Partial<T>) => Record<string, unknown>;
  toBody?: (values: Record<string, unknown>, record: Partial<T>) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Row links after 编辑 and 删除. */
  rowActions?: (row: T, page: ResourcePageHandle<T>) => RowAction[];
  actionWidth?: number;
  toolbar?: (page: ResourcePageHandle<T>) => ReactNode;
  /** Drawers and dialogs of the page. */
  extra?: (page: ResourcePageHandle<T>) => ReactNode;
  exportName?: string;
  defaultSort?: Partial<ListSort>;
  defaultParams?: QueryParam;
  /** Row checkboxes and the batch menu (default true). */
  selectable?: boolean;
  /** Fixed values added to every add/edit body (e.g. the parent's id of child rows). */
  fixedBody?: Record<string, unknown>;
}

function QueryField({ field }: { field: ResourceQueryField }) {
  const label = t(field.label);
  if (!field.widget || field.widget === 'input') return <QueryInput label={label} name={field.name} />;
  return (
    <Form.Item label={label} name={field.name}>
      {field.widget === 'dict' ? (
        <DictSelect dictCode={field.dictCode ?? ''} placeholder={t('请选择{label}', { label })} style={{ width: 160 }} />
      ) : (
        <Select options={field.options?.map((o) => ({ ...o, label: t(o.label) }))} placeholder={t('请选择{label}', { label })} allowClear style={{ width: 160 }} />
      )}
    </Form.Item>
  );
}

export function ResourcePage<T extends { id: string }>(props: ResourcePageProps<T>) {
  const { title, permission, api, columns, query, superQuery, form, formWidth = 800, toForm, toBody, rowActions, actionWidth, toolbar, extra, exportName, defaultSort, defaultParams, selectable, fixedBody } = props;
  const queryRules = useMemo(() => Object.fromEntries((query ?? []).filter((q) => q.rule).map((q) => [q.name, q.rule!])), [query]);
  const list = useListPage<T>({ api, queryRules, defaultSort, defaultParams });
  const [editing, setEditing] = useState<Partial<T> | undefined>();
  const editable = !!form && !!api.add && !!api.edit;

  const page: ResourcePageHandle<T> = {
    list,
    add: (initial) => setEditing(initial ?? {}),
    edit: (row) => {
      if (!api.queryById) return setEditing(row);
      void http.get<T>(api.queryById, { id: row.id }).then((full) => setEditing(full ?? row), () => undefined);
    },
  };

  // a list-only page (no form, no delete, no extra links) has no 操作 column
  const hasActions = editable || !!api.delete || !!rowActions;
  const tableColumns = useListColumns<T>([
    ...columns,
    ...(hasActions
      ? [
          {
            title: t('操作'),
            key: 'action',
            fixed: 'right' as const,
            width: actionWidth ?? 160,
            render: (_v: unknown, row: T) => {
              const [edit, remove] = editDeleteActions(permission, { onEdit: () => page.edit(row), onDelete: () => void list.remove(row.id) });
              const actions = [...(editable ? [edit] : []), ...(api.delete ? [remove] : []), ...(rowActions?.(row, page) ?? [])];
              return <RowActions actions={actions} />;
            },
          },
        ]
      : []),
  ]);

  return (
    <>
      <ListPage<T>
        list={list}
        columns={tableColumns}
        permission={permission}
        onAdd={editable ? () => page.add() : undefined}
        exportName={exportName ?? t(title)}
        superQuery={superQuery ? { fields: superQuery } : undefined}
        query={query?.length ? query.map((q) => <QueryField key={q.name} field={q} />) : undefined}
        toolbar={toolbar?.(page)}
        selectable={selectable}
      />
      {editable && (
        <ListFormModal<T>
          title={title}
          record={editing}
          api={{ add: api.add!, edit: api.edit! }}
          onClose={() => setEditing(undefined)}
          onSaved={() => void list.reload()}
          toForm={toForm}
          toBody={async (values, record) => ({ ...(toBody ? await toBody(values, record) : values), ...fixedBody })}
          width={formWidth}
        >
          {(f, isEdit) => <ResourceFormBody items={form} ctx={{ form: f, isEdit }} />}
        </ListFormModal>
      )}
      {extra?.(page)}
    </>
  );
}

/** A column cell showing the first stored image of a comma list as a small thumbnail. */
export function Thumbnail({ paths, size = 48, alt = t('图片') }: { paths: string | null | undefined; size?: number; alt?: string }) {
  const first = splitPaths(paths)[0];
  if (!first) return null;
  return <Image src={imageUrl(first)} alt={alt} width={size} height={size} style={{ objectFit: 'cover' }} />;
}

/** 是 / 否 for a stored 0/1 flag. */
export const yesNo = (v: unknown) => (v === 1 || v === '1' || v === true ? t('是') : t('否'));
