// The generic business-entity picker modal (900 wide): a query box and a paged table on the left,
// the chosen records on the right, each with a 删除 link.
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Input, List, Modal, Row, Space, Table } from 'antd';
import type { TableProps } from 'antd';

import { http } from '../../lib/http';
import { PICKER_ELLIPSIS, PICKER_PAGE, PICKER_SCROLL_Y, WIDTHS } from './constants';
import { usePagedRows, type Page } from './usePagedRows';
import { useKeyedSelection } from './useKeyedSelection';
import { containsQuery, truncate } from './values';
import type { AnyRow } from './types';
import { totalText, t } from '../../lib/i18n';

export interface EntityColumn {
  dataIndex: string;
  title: string;
  width?: number;
}

export interface EntityPickerModalProps<T extends AnyRow = AnyRow> {
  open: boolean;
  title: string;
  listUrl: string;
  valueKey: string;
  displayKey: string;
  columns: EntityColumn[];
  /** Field the query box searches (contains match), and its label. */
  queryParamCode: string;
  queryParamText: string;
  /** Fixed parameters of every list call. */
  params?: Record<string, unknown>;
  multiple?: boolean;
  initialRows?: T[];
  width?: number;
  onOk: (rows: T[]) => void;
  onCancel: () => void;
}

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return <span title={s}>{truncate(s, PICKER_ELLIPSIS)}</span>;
};
/** A dictionary's text (`<field>_dictText`) is a label of ours, shown in the interface language. */
const dictCell = (v: unknown) => cell(typeof v === 'string' ? t(v) : v);

export function EntityPickerModal<T extends AnyRow = AnyRow>(props: EntityPickerModalProps<T>) {
  const { open, title, listUrl, valueKey, displayKey, columns, queryParamCode, queryParamText, params, multiple = true, initialRows = [], width = WIDTHS.entity, onOk, onCancel } = props;
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PICKER_PAGE.pageSize);
  const rowKey = useCallback((r: T) => String(r[valueKey] ?? ''), [valueKey]);
  const selection = useKeyedSelection<T>(rowKey, multiple);

  useEffect(() => {
    if (!open) return;
    selection.reset(initialRows);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const load = open ? () => http.get<Page<T>>(listUrl, { ...params, [queryParamCode]: containsQuery(query) || undefined, pageNo, pageSize }) : null;
  const { records, total, loading } = usePagedRows(load, [open, listUrl, query, pageNo, pageSize]);

  const search = () => {
    setQuery(typed);
    setPageNo(1);
  };

  const tableColumns: TableProps<T>['columns'] = columns.map((c) => ({ title: c.title, dataIndex: c.dataIndex, width: c.width, render: String(c.dataIndex).endsWith('_dictText') ? dictCell : cell }));

  return (
    <Modal open={open} title={title} width={width} destroyOnHidden onOk={() => onOk(selection.rows)} onCancel={onCancel}>
      <Row gutter={8}>
        <Col span={16}>
          <Card size="small">
            <Space style={{ marginBottom: 8 }} wrap>
              <span>{queryParamText}：</span>
              <Input
                aria-label={queryParamText}
                placeholder={t('请输入{label}', { label: queryParamText })}
                value={typed}
                allowClear
                onChange={(e) => setTyped(e.target.value)}
                onPressEnter={search}
                style={{ width: 200 }}
              />
              <Button type="primary" onClick={search}>
                {t('查询')}
              </Button>
              <Button
                onClick={() => {
                  setTyped('');
                  setQuery('');
                  setPageNo(1);
                }}
              >
                {t('重置')}
              </Button>
            </Space>
            <Table<T>
              size="small"
              rowKey={rowKey}
              loading={loading}
              dataSource={records}
              columns={tableColumns}
              scroll={{ y: PICKER_SCROLL_Y }}
              rowSelection={selection.rowSelection(multiple ? 'checkbox' : 'radio')}
              onRow={(r) => ({ onClick: () => selection.toggle(r) })}
              onChange={(p) => {
                setPageNo(p.current ?? 1);
                setPageSize(p.pageSize ?? PICKER_PAGE.pageSize);
              }}
              pagination={{ current: pageNo, pageSize, total, pageSizeOptions: [...PICKER_PAGE.pageSizeOptions], showSizeChanger: true, showTotal: totalText }}
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small" title={t('已选择（{length}）', { length: selection.rows.length })} data-testid="entity-picker-selected">
            {selection.rows.length === 0 ? (
              <Empty description={t('尚未选择')} />
            ) : (
              <List<T>
                size="small"
                dataSource={selection.rows}
                renderItem={(r) => (
                  <List.Item
                    actions={[
                      <Button key="remove" type="link" size="small" onClick={() => selection.remove(rowKey(r))}>
                        {t('删除')}
                      </Button>,
                    ]}
                  >
                    {cell(r[displayKey])}
                  </List.Item>
                )}
                style={{ maxHeight: PICKER_SCROLL_Y + 80, overflowY: 'auto' }}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Modal>
  );
}
