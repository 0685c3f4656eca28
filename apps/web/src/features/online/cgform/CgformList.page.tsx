// Online表单开发: the forms defined here, their database sync (普通同步 keeps the data; a change that
// would lose data is shown and asked for before it is sent again with confirm=1), removal of the
// configuration alone or with its table, copies, and 功能测试 opening the generated page.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dropdown, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { DatabaseOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { ListPage, QueryInput, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message } from '../../../lib/antd/static';
import { http, HttpError } from '../../../lib/http';
import { reportHttpError } from '../../../lib/http/errors';
import { usePermission } from '../../../lib/permission';
import { t } from '../../../lib/i18n';
import { CGFORM_API, CGFORM_PERMISSION, generatedPageUrl, type CgformHead, type SyncRefusal } from './api';
import { CgformEditor } from './CgformEditor';
import { AuthDialog } from './auth/AuthDialog';
import { ButtonListDialog } from './buttons/ButtonListDialog';
import { DbImportDialog } from './dbimport/DbImportDialog';

export const TABLE_TYPES = [
  { value: 1, label: '单表' },
  { value: 2, label: '主表' },
  { value: 3, label: '附表' },
];

const tableTypeText = (row: CgformHead) => {
  const type = TABLE_TYPES.find((x) => x.value === Number(row.tableType));
  return `${type ? t(type.label) : row.tableType}${row.isTree === 'Y' ? t('(树)') : ''}`;
};

const COLUMNS: ListColumn<CgformHead>[] = [
  { title: '表类型', dataIndex: 'tableType', width: 120, sorter: true, render: (_v, row) => tableTypeText(row) },
  { title: '表名', dataIndex: 'tableName', width: 200, sorter: true },
  { title: '表描述', dataIndex: 'tableTxt', width: 200 },
  { title: '版本', dataIndex: 'tableVersion', width: 80 },
  {
    title: '同步状态',
    dataIndex: 'isDbSynch',
    width: 100,
    sorter: true,
    render: (v: string) => (v === 'Y' ? <span style={{ color: 'limegreen' }}>{t('已同步')}</span> : <span style={{ color: 'red' }}>{t('未同步')}</span>),
  },
  { title: '创建时间', dataIndex: 'createTime', width: 180, sorter: true },
];

type SyncMethod = 'normal' | 'force';

/** Sends the sync; a refusal listing data-losing changes is asked about, then sent with confirm=1. */
export async function syncDatabase(id: string, method: SyncMethod, confirm = false): Promise<boolean> {
  const url = `${CGFORM_API.doDbSynch}/${encodeURIComponent(id)}/${method}${confirm ? '?confirm=1' : ''}`;
  try {
    const res = await http.raw.post(url, undefined, { silent: true, timeoutMs: 120_000 });
    void message.success(res.message || t('同步数据库成功'));
    return true;
  } catch (e) {
    const refusal = e instanceof HttpError ? (e.body?.result as SyncRefusal | undefined) : undefined;
    if (!confirm && refusal?.needConfirm) {
      return new Promise<boolean>((resolve) => {
        Modal.confirm({
          title: t('同步会丢失数据'),
          width: 560,
          content: (
            <div>
              <Typography.Paragraph>{t('以下变更会丢失数据：')}</Typography.Paragraph>
              <ul className="sync-changes">
                {(refusal.changes ?? []).map((c) => (
                  <li key={c}>{t(c)}</li>
                ))}
              </ul>
              <Typography.Text type="danger">{t('确定仍要同步吗？')}</Typography.Text>
            </div>
          ),
          okText: t('确认同步'),
          okButtonProps: { danger: true },
          cancelText: t('取消'),
          onOk: async () => resolve(await syncDatabase(id, method, true)),
          onCancel: () => resolve(false),
        });
      });
    }
    if (e instanceof HttpError) reportHttpError(e);
    return false;
  }
}

function SyncDialog({ head, onClose }: { head: CgformHead; onClose: (synced: boolean) => void }) {
  const [method, setMethod] = useState<SyncMethod>('normal');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('同步数据库')}
      okText={busy ? t('同步中…') : t('开始同步')}
      confirmLoading={busy}
      cancelButtonProps={{ disabled: busy }}
      onCancel={() => !busy && onClose(false)}
      onOk={async () => {
        setBusy(true);
        const ok = await syncDatabase(head.id, method);
        setBusy(false);
        onClose(ok);
      }}
    >
      <div style={{ margin: '20px 0' }}>
        <div style={{ marginBottom: 12 }}>
          {head.tableTxt}（{head.tableName}）
        </div>
        <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as SyncMethod)} disabled={busy}>
          <Radio value="normal">{t('普通同步（保留表数据）')}</Radio>
          <Radio value="force">{t('强制同步（删除表，重新生成）')}</Radio>
        </Radio.Group>
      </div>
    </Modal>
  );
}

/** 删除: only the configuration (移除) or also the database table (删除). */
function askRemoval(count: number, onRemove: () => Promise<void>, onDelete: () => Promise<void>) {
  const dialog = Modal.confirm({
    title: t('删除'),
    content: count > 1 ? t('删除选中的 {count} 个表单：只删除配置，还是同时删除数据库表和数据？', { count }) : t('只删除配置，还是同时删除数据库表和数据？'),
    closable: true,
    maskClosable: true,
    footer: (
      <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={() => dialog.destroy()}>{t('取消')}</Button>
        <Button
          onClick={async () => {
            dialog.destroy();
            await onRemove();
          }}
        >
          {t('仅移除配置')}
        </Button>
        <Button
          danger
          type="primary"
          onClick={async () => {
            dialog.destroy();
            await onDelete();
          }}
        >
          {t('删除表和数据')}
        </Button>
      </Space>
    ),
  });
}

function askNewTableName(head: CgformHead, onCopy: (name: string) => Promise<void>) {
  let name = `${head.tableName}_copy`;
  Modal.confirm({
    title: t('复制表'),
    closable: true,
    okText: t('复制'),
    cancelText: t('取消'),
    content: (
      <div style={{ margin: '20px 0' }}>
        {t('请输入新表名：')}
        <Input aria-label={t('新表名')} defaultValue={name} onChange={(e) => (name = e.target.value.trim())} />
      </div>
    ),
    onOk: async () => {
      if (!name) {
        void message.warning(t('请输入新表名'));
        throw new Error('empty');
      }
      if (name === head.tableName) {
        void message.warning(t('新表名和旧表名不能一致'));
        throw new Error('same');
      }
      await onCopy(name);
    },
  });
}

export default function CgformListPage() {
  const { has } = usePermission();
  const navigate = useNavigate();
  const list = useListPage<CgformHead>({ api: { list: CGFORM_API.list }, queryRules: { tableName: 'like', tableTxt: 'like' } });
  const [editing, setEditing] = useState<{ record?: CgformHead } | undefined>();
  const [syncing, setSyncing] = useState<CgformHead | undefined>();
  const [authorizing, setAuthorizing] = useState<CgformHead | undefined>();
  const [buttonsOf, setButtonsOf] = useState<CgformHead | undefined>();
  const [importing, setImporting] = useState(false);
  const can = (action: string) => has(`${CGFORM_PERMISSION}:${action}`);

  const run = async (call: () => Promise<{ message?: string }>, done = '操作成功') => {
    try {
      const res = await call();
      void message.success(res.message || t(done));
    } catch {
      /* the client showed the notice */
    }
    list.clearSelection();
    await list.reload();
  };
  const removeConfig = (ids: string[]) =>
    run(() => (ids.length === 1 ? http.raw.delete(CGFORM_API.removeRecord, { id: ids[0] }) : http.raw.delete(CGFORM_API.deleteBatch, { ids: ids.join(','), flag: 0 })), '移除成功');
  const removeWithTable = (ids: string[]) =>
    run(() => (ids.length === 1 ? http.raw.delete(CGFORM_API.delete, { id: ids[0] }) : http.raw.delete(CGFORM_API.deleteBatch, { ids: ids.join(','), flag: 1 })), '删除成功');

  const more = (row: CgformHead) => {
    const items = [
      ...(row.isDbSynch !== 'Y' && can('sync') ? [{ key: 'sync', label: t('同步数据库'), onClick: () => setSyncing(row) }] : []),
      ...(row.isDbSynch === 'Y' && Number(row.tableType) !== 3 ? [{ key: 'test', label: t('功能测试'), onClick: () => navigate(generatedPageUrl(row)) }] : []),
      ...(row.isDbSynch === 'Y' && can('sync') ? [{ key: 'resync', label: t('重新同步'), onClick: () => setSyncing(row) }] : []),
      ...(can('edit') ? [{ key: 'auth', label: t('权限控制'), onClick: () => setAuthorizing(row) }] : []),
      ...(can('edit') ? [{ key: 'buttons', label: t('自定义按钮'), onClick: () => setButtonsOf(row) }] : []),
      ...(can('copy')
        ? [
            {
              key: 'copyView',
              label: t('生成视图'),
              onClick: () =>
                Modal.confirm({
                  title: t('确定生成视图吗？'),
                  onOk: () => run(() => http.raw.post(`${CGFORM_API.copyOnline}?code=${encodeURIComponent(row.id)}`), '已成功生成视图'),
                }),
            },
            { key: 'copyTable', label: t('复制表'), onClick: () => askNewTableName(row, (name) => run(() => http.raw.get(`${CGFORM_API.copyTable}/${encodeURIComponent(row.id)}`, { tableName: name }), '复制成功')) },
          ]
        : []),
      ...(can('delete') ? [{ key: 'delete', label: t('删除'), danger: true, onClick: () => askRemoval(1, () => removeConfig([row.id]), () => removeWithTable([row.id])) }] : []),
    ];
    return items;
  };

  const columns = useListColumns<CgformHead>([
    ...COLUMNS,
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      width: 160,
      render: (_v, row) => {
        const items = more(row);
        return (
          <Space size="small">
            {can('edit') && <a onClick={() => setEditing({ record: row })}>{t('编辑')}</a>}
            {items.length > 0 && (
              <Dropdown menu={{ items }} trigger={['click']}>
                <a>
                  {t('更多')} <DownOutlined />
                </a>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ]);

  return (
    <>
      <ListPage<CgformHead>
        list={list}
        columns={columns}
        query={[
          <QueryInput key="tableName" label={t('表名')} name="tableName" />,
          <Form.Item key="tableType" label={t('表类型')} name="tableType_MultiString">
            <Select mode="multiple" options={TABLE_TYPES.map((o) => ({ ...o, label: t(o.label) }))} placeholder={t('请选择表类型')} allowClear style={{ minWidth: 160 }} />
          </Form.Item>,
          <QueryInput key="tableTxt" label={t('表描述')} name="tableTxt" />,
        ]}
        toolbar={
          can('add') ? (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                {t('新增')}
              </Button>
              <Button icon={<DatabaseOutlined />} onClick={() => setImporting(true)}>
                {t('从数据库导入')}
              </Button>
            </>
          ) : undefined
        }
        batchActions={
          can('delete')
            ? [
                {
                  key: 'delete',
                  label: t('删除'),
                  onClick: () => {
                    const ids = list.selectedRowKeys.map(String);
                    askRemoval(ids.length, () => removeConfig(ids), () => removeWithTable(ids));
                  },
                },
              ]
            : []
        }
      />
      {editing && (
        <CgformEditor
          record={editing.record}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) void list.reload();
          }}
        />
      )}
      {authorizing && <AuthDialog head={authorizing} onClose={() => setAuthorizing(undefined)} />}
      {buttonsOf && <ButtonListDialog head={buttonsOf} onClose={() => setButtonsOf(undefined)} />}
      {importing && (
        <DbImportDialog
          onClose={(imported) => {
            setImporting(false);
            if (imported) void list.reload();
          }}
        />
      )}
      {syncing && (
        <SyncDialog
          head={syncing}
          onClose={(synced) => {
            setSyncing(undefined);
            if (synced) void list.reload();
          }}
        />
      )}
    </>
  );
}
