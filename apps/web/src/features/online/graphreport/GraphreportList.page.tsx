// Online图表 (the original's super/online/graphreport/GraphreportList): the charts with their editor,
// export and import, 功能测试 opening a chart's page and 配置地址 giving the address a menu can use.
// Codes online:graphreport:<list|add|edit|delete|deleteBatch|exportXls|importExcel>.
import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ResourcePage, type ListColumn } from '../../../components/list-page';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';
import { Authorized } from '../../../lib/permission';
import { chartPageUrl, GRAPH_API, GRAPH_PERMISSION, GRAPH_TYPE_OPTIONS, type GraphHead } from './api';
import { GraphreportEditor } from './GraphreportEditor';

const typeText = (v: string) =>
  v
    .split(',')
    .map((type) => {
      const known = GRAPH_TYPE_OPTIONS.find((o) => o.value === type);
      return known ? t(known.label) : type;
    })
    .join(t('、'));

const COLUMNS: ListColumn<GraphHead>[] = [
  { title: '图表名称', dataIndex: 'name', width: 140 },
  { title: '编码', dataIndex: 'code', width: 140 },
  { title: '数据', dataIndex: 'cgrSql', width: 360, align: 'left', render: (v: string) => <code style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{v}</code> },
  { title: '数据源', dataIndex: 'dbSource', width: 110, render: (v: string | null) => v || t('主数据库') },
  { title: 'X轴字段', dataIndex: 'xaxisField', width: 110 },
  { title: 'Y轴字段', dataIndex: 'yaxisField', width: 140 },
  { title: '图表类型', dataIndex: 'graphType', width: 160, render: (v: string) => typeText(v ?? '') },
];

/** 配置地址: the chart's address, with its parameters as ?name=${name} (the original's onShowOnlineUrl). */
async function showAddress(row: GraphHead) {
  let url = chartPageUrl(row.id);
  try {
    const params = await http.get<Array<{ paramName: string }>>(GRAPH_API.params, { headId: row.id });
    if (params?.length) url += `?${params.map((p) => `${p.paramName}=\${${p.paramName}}`).join('&')}`;
  } catch {
    // the address without parameters still opens the chart
  }
  Modal.info({ title: t('配置地址【{name}】', { name: row.name }), content: <Typography.Paragraph copyable>{url}</Typography.Paragraph>, okText: t('关闭') });
}

export default function GraphreportListPage() {
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Partial<GraphHead> | undefined>();
  return (
    <ResourcePage<GraphHead>
      title={t('Online图表', undefined, 'item')}
      permission={GRAPH_PERMISSION}
      api={{ list: GRAPH_API.list, delete: GRAPH_API.delete, deleteBatch: GRAPH_API.deleteBatch, exportXls: GRAPH_API.exportXls, importExcel: GRAPH_API.importExcel }}
      columns={COLUMNS}
      exportName={t('Online图表')}
      query={[
        { name: 'name', label: '图表名称', rule: 'like' },
        { name: 'code', label: '编码', rule: 'like' },
      ]}
      toolbar={() => (
        <Authorized code={`${GRAPH_PERMISSION}:add`}>
          <Button type="primary" onClick={() => setEditing({})}>
            {t('新增')}
          </Button>
        </Authorized>
      )}
      rowActions={(row) => [
        { key: 'edit', label: t('编辑'), permission: `${GRAPH_PERMISSION}:edit`, onClick: () => setEditing(row) },
        { key: 'test', label: t('功能测试'), onClick: () => navigate(chartPageUrl(row.id)) },
        { key: 'address', label: t('配置地址'), onClick: () => void showAddress(row) },
      ]}
      actionWidth={240}
      extra={(page) => <GraphreportEditor record={editing} onClose={() => setEditing(undefined)} onSaved={() => void page.list.reload()} />}
    />
  );
}
