// 数据日志: every saved version of tracked rows (表名, 数据ID, 版本号, content, who, when) on the original's
// /sys/dataLog/list; two versions of one row picked in the table are compared side by side
// (/sys/dataLog/queryCompareList) with the changed fields highlighted.
import { DiffOutlined } from '@ant-design/icons';
import { Button, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { ListPage, QueryInput, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';

const PERM = 'system:dataLog';
const API = { list: '/sys/dataLog/list' };

export interface DataLogRow {
  id: string;
  dataTable: string;
  dataId: string;
  dataVersion: number;
  dataContent: string;
  createBy: string | null;
  createName: string | null;
  createTime: string;
}

const parse = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};
const show = (v: unknown) => (v === null || v === undefined || v === '' ? '--' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Field-by-field rows of two versions, each marked changed when the values differ. */
export function compareVersions(older: DataLogRow, newer: DataLogRow) {
  const a = parse(older.dataContent);
  const b = parse(newer.dataContent);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.map((field) => ({ field, before: show(a[field]), after: show(b[field]), changed: show(a[field]) !== show(b[field]) }));
}

function CompareModal({ pair, onClose }: { pair: [DataLogRow, DataLogRow] | null; onClose: () => void }) {
  if (!pair) return null;
  const [older, newer] = pair;
  const rows = compareVersions(older, newer);
  return (
    <Modal open title={t('数据对比：{dataTable}', { dataTable: older.dataTable })} width={900} footer={null} onCancel={onClose}>
      <Table
        size="small"
        rowKey="field"
        pagination={false}
        dataSource={rows}
        rowClassName={(r) => (r.changed ? 'data-log-changed' : '')}
        onRow={(r) => ({ style: r.changed ? { background: '#fff1f0' } : undefined, 'data-changed': r.changed ? 'yes' : 'no' } as object)}
        columns={[
          { title: t('字段'), dataIndex: 'field', width: 180 },
          { title: `V${older.dataVersion}（${older.createTime}）`, dataIndex: 'before' },
          { title: `V${newer.dataVersion}（${newer.createTime}）`, dataIndex: 'after', render: (v: string, r) => (r.changed ? <strong style={{ color: '#cf1322' }}>{v}</strong> : v) },
        ]}
      />
    </Modal>
  );
}

export default function DataLogListPage() {
  const list = useListPage<DataLogRow>({ api: API, queryRules: {} });
  const [pair, setPair] = useState<[DataLogRow, DataLogRow] | null>(null);
  const columns = useListColumns<DataLogRow>([
    { title: t('表名'), dataIndex: 'dataTable', width: 160, render: (v: string) => <Tag color="blue">{v}</Tag> },
    { title: t('数据ID'), dataIndex: 'dataId', width: 260, ellipsis: true },
    { title: t('版本号'), dataIndex: 'dataVersion', width: 80, render: (v: number) => <Tag color="green">V{v}</Tag> },
    { title: t('数据内容'), dataIndex: 'dataContent', align: 'left', ellipsis: true },
    { title: t('创建人'), dataIndex: 'createBy', width: 100 },
    { title: t('创建时间'), dataIndex: 'createTime', width: 170, sorter: true },
  ] as ListColumn<DataLogRow>[]);

  const compare = async () => {
    const rows = list.selectedRows;
    if (rows.length !== 2) return void message.warning(t('请选择两条数据'));
    if (rows[0].dataTable !== rows[1].dataTable || rows[0].dataId !== rows[1].dataId) return void message.warning(t('请选择同一条数据的两个版本'));
    const found = await http.get<DataLogRow[]>('/sys/dataLog/queryCompareList', { dataId1: rows[0].id, dataId2: rows[1].id });
    const sorted = [...found].sort((x, y) => x.dataVersion - y.dataVersion);
    setPair([sorted[0], sorted[1]]);
  };

  return (
    <>
      <ListPage<DataLogRow>
        list={list}
        columns={columns}
        permission={PERM}
        toolbar={
          <Button type="primary" icon={<DiffOutlined />} onClick={() => void compare()}>
            {t('数据比较')}
          </Button>
        }
        query={
          <>
            <QueryInput label={t('表名')} name="dataTable" />
            <QueryInput label={t('数据ID')} name="dataId" />
            <QueryInput label={t('创建人')} name="createBy" />
          </>
        }
      />
      <CompareModal pair={pair} onClose={() => setPair(null)} />
    </>
  );
}
