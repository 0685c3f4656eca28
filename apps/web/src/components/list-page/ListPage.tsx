// The list layout every page composes: query form (查询/重置), toolbar, selection note, table, pagination.
// Buttons guarded by `<permission>:<action>` codes are hidden from users lacking them.
import { useState, type ReactNode } from 'react';
import { DeleteOutlined, DownloadOutlined, DownOutlined, ImportOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Dropdown, Form, Space, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { usePermission } from '../../lib/permission';
import { AdvancedQuery, type SuperQueryField } from '../advanced-query';
import { ImportExcelModal } from '../import-excel';
import type { ListPageState } from './useListPage';
import { t } from '../../lib/i18n';
import { useDrawLater } from '../../lib/drawLater';
import { usePhoneTable } from './usePhoneTable';

export interface BatchAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
}

export interface ListPageProps<T extends object> {
  list: ListPageState<T>;
  columns: ColumnsType<T>;
  /** Form.Items of the query area; their names are queryParam keys. */
  query?: ReactNode;
  /** Permission code prefix, e.g. 'system:position'. Without it every button shows. */
  permission?: string;
  onAdd?: () => void;
  /** Export file name (without extension); the button shows when api.exportXls is set. */
  exportName?: string;
  superQuery?: { fields: SuperQueryField[]; saveCode?: string };
  /** More toolbar buttons, after the standard ones. */
  toolbar?: ReactNode;
  /** Entries of the 批量操作 menu besides 删除. */
  batchActions?: BatchAction[];
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource'>;
  selectable?: boolean;
}

export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { list, columns, query, permission, onAdd, exportName, superQuery, toolbar, batchActions = [], tableProps, selectable = true } = props;
  const { has } = usePermission();
  const allowed = (action: string) => !permission || has(`${permission}:${action}`);
  const [form] = Form.useForm();
  const [importing, setImporting] = useState(false);
  const phone = usePhoneTable();
  // the table is committed after the query form and toolbar, in a commit of its own: together they held a
  // newly opened page in one task of about 100 ms
  const tableDrawn = useDrawLater();

  const batchItems = [
    ...(list.api.deleteBatch && allowed('deleteBatch') ? [{ key: 'delete', label: t('删除'), icon: <DeleteOutlined />, onClick: list.removeSelected }] : []),
    ...batchActions.map((a) => ({ key: a.key, label: a.label, onClick: a.onClick })),
  ];

  return (
    <Card variant="borderless">
      {query && (
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 16, rowGap: 12 }}
          onValuesChange={(_c, all) => list.setQueryParam(all)}
          onFinish={() => void list.search()}
        >
          {query}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('查询')}
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  void list.reset();
                }}
              >
                {t('重置')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        {onAdd && allowed('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('新增')}
          </Button>
        )}
        {list.api.exportXls && allowed('exportXls') && (
          <Button icon={<DownloadOutlined />} onClick={() => void list.exportXls(exportName)}>
            {t('导出')}
          </Button>
        )}
        {list.api.importExcel && allowed('importExcel') && (
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {t('导入')}
          </Button>
        )}
        {superQuery && <AdvancedQuery fields={superQuery.fields} saveCode={superQuery.saveCode} onSearch={(p, m) => void list.handleSuperQuery(p, m)} />}
        {toolbar}
        {selectable && list.selectedRowKeys.length > 0 && batchItems.length > 0 && (
          <Dropdown menu={{ items: batchItems }}>
            <Button>
              {t('批量操作')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Space>
      {selectable && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={
            <span>
              {t('已选择')} <a style={{ fontWeight: 600 }}>{list.selectedRowKeys.length}</a> {t('项')}
              <a style={{ marginLeft: 24 }} onClick={list.clearSelection}>
                {t('清空')}
              </a>
            </span>
          }
        />
      )}
      {tableDrawn && (
        <Table<T>
          size="middle"
          bordered
          rowKey={list.rowKey}
          // a column pinned on a phone (the 操作 column) covered the narrow screen: the rows' own columns were
          // left a sliver to scroll in
          columns={phone.unpinned(columns)}
          dataSource={list.dataSource}
          pagination={list.pagination}
          loading={list.loading}
          rowSelection={selectable ? list.rowSelection : undefined}
          onChange={(p, f, s) => void list.handleTableChange(p, f, s)}
          // on a phone the table keeps its columns' natural width and scrolls sideways, rather than squeezing
          // each column to a character per line
          scroll={phone.scroll ?? { x: true }}
          {...tableProps}
        />
      )}
      {list.api.importExcel && (
        <ImportExcelModal open={importing} url={list.api.importExcel} onClose={() => setImporting(false)} onSuccess={() => void list.reload()} />
      )}
    </Card>
  );
}
