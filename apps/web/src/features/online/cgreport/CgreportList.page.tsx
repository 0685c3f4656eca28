// Online报表配置 (the original's super/online/cgreport/index): the list of reports with the editor, and a
// link to each report's page. Codes online:cgreport:<list|add|edit|delete|deleteBatch>.
import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ResourcePage, type ListColumn } from '../../../components/list-page';
import { Authorized } from '../../../lib/permission';
import { t } from '../../../lib/i18n';
import { CGREPORT_API, CGREPORT_PERMISSION, reportPageUrl, type CgreportHead } from './api';
import { CgreportEditor } from './CgreportEditor';

const CHART_TEXT: Record<string, string> = { bar: '柱状图', line: '折线图', pie: '饼图' };

const COLUMNS: ListColumn<CgreportHead>[] = [
  { title: '报表名字', dataIndex: 'name', width: 140 },
  { title: '报表编码', dataIndex: 'code', width: 140 },
  {
    title: '报表SQL',
    dataIndex: 'cgrSql',
    width: 360,
    align: 'left',
    render: (v: string | null, row) => (v ? <code style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{v}</code> : row.sourceTable ? t('数据表：{table}', { table: row.sourceTable }) : ''),
  },
  { title: '数据源', dataIndex: 'dbSource', width: 120, render: (v: string | null) => v || t('主数据库') },
  { title: '图表', dataIndex: 'chartType', width: 90, render: (v: string | null) => (v ? (CHART_TEXT[v] ? t(CHART_TEXT[v]) : v) : '') },
  { title: '创建时间', dataIndex: 'createTime', width: 160 },
];

export default function CgreportListPage() {
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Partial<CgreportHead> | undefined>();

  return (
    <ResourcePage<CgreportHead>
      title={t('Online报表', undefined, 'item')}
      permission={CGREPORT_PERMISSION}
      api={{ list: CGREPORT_API.list, delete: CGREPORT_API.delete, deleteBatch: CGREPORT_API.deleteBatch }}
      columns={COLUMNS}
      query={[
        { name: 'name', label: '报表名称', rule: 'like' },
        { name: 'code', label: '报表编码', rule: 'like' },
      ]}
      toolbar={() => (
        <Authorized code={`${CGREPORT_PERMISSION}:add`}>
          <Button type="primary" onClick={() => setEditing({})}>
            {t('新增')}
          </Button>
        </Authorized>
      )}
      rowActions={(row) => [
        { key: 'edit', label: t('编辑'), permission: `${CGREPORT_PERMISSION}:edit`, hidden: !row.cgrSql, onClick: () => setEditing(row) },
        { key: 'view', label: t('查看报表'), onClick: () => navigate(reportPageUrl(row.id)) },
      ]}
      actionWidth={200}
      extra={(page) => <CgreportEditor record={editing} onClose={() => setEditing(undefined)} onSaved={() => void page.list.reload()} />}
    />
  );
}
