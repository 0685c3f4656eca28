// 查询表格 (the original's table list): a query form, sorting and paging over a real call - the positions
// of 职务管理 (/sys/position/list), read only - through the shared list page.
import { Alert } from 'antd';
import { t } from '../../../../lib/i18n';
import { ListPage, QueryInput, useListColumns, useListPage, type ListColumn } from '../../../../components/list-page';

interface PositionRow {
  id: string;
  code: string;
  name: string;
  postRank?: string;
  createTime?: string;
}

const API = { list: '/sys/position/list' };

export default function TableListPage() {
  const list = useListPage<PositionRow>({ api: API, queryRules: { name: 'like', code: 'like' } });
  const columns = useListColumns<PositionRow>([
    { title: '职务编码', dataIndex: 'code', sorter: true },
    { title: '职务名称', dataIndex: 'name', sorter: true },
    { title: '职级', dataIndex: 'postRank', dict: true, sorter: true },
    { title: '创建时间', dataIndex: 'createTime', sorter: true },
  ] satisfies ListColumn<PositionRow>[]);

  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('查询表格示例：数据取自职务管理，只读；可按编码、名称查询，点列头排序，底部分页。')} />
      <ListPage<PositionRow>
        list={list}
        columns={columns}
        query={
          <>
            <QueryInput label={t('职务编码')} name="code" />
            <QueryInput label={t('职务名称')} name="name" />
          </>
        }
      />
    </>
  );
}
