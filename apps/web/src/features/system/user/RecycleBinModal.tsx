// 回收站: deleted users, restored (PUT putRecycleBin) or removed for good (DELETE deleteRecycleBin).
import { useEffect, useState, type Key } from 'react';
import { Button, Modal, Popconfirm, Space, Table } from 'antd';
import { message, Modal as StaticModal } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { dictText } from '../../../components/list-page';
import type { User } from './userApi';
import { namedRowCheckbox } from '../../../components/list-page/rowCheckbox';
import { t } from '../../../lib/i18n';

export function RecycleBinModal({ open, onClose, onRestored }: { open: boolean; onClose: () => void; onRestored: () => void }) {
  const [rows, setRows] = useState<User[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);

  const load = async () => {
    setLoading(true);
    try {
      const r = await http.get<User[] | { records: User[] }>('/sys/user/recycleBinList');
      setRows(Array.isArray(r) ? r : (r?.records ?? []));
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    if (open) {
      setSelected([]);
      void load();
    }
  }, [open]);

  const restore = async (ids: Key[]) => {
    try {
      const res = await http.raw.put('/sys/user/putRecycleBin', { userIds: ids.join(',') });
      void message.success(res.message || t('还原成功'));
      setSelected([]);
      await load();
      onRestored();
    } catch {
      /* notice shown */
    }
  };
  const purge = async (ids: Key[]) => {
    try {
      const res = await http.raw.delete('/sys/user/deleteRecycleBin', { userIds: ids.join(',') });
      void message.success(res.message || t('删除成功'));
      setSelected([]);
      await load();
    } catch {
      /* notice shown */
    }
  };
  const withSelection = (fn: (ids: Key[]) => void, title: string) => () => {
    if (!selected.length) return void message.warning(t('请选择一条记录！'));
    StaticModal.confirm({ title: t('确认操作'), content: title, okText: t('确定'), cancelText: t('取消'), onOk: () => fn(selected) });
  };

  return (
    <Modal title={t('用户回收站')} open={open} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={withSelection(restore, t('是否还原选中的用户?'))}>{t('批量还原')}</Button>
        <Button danger onClick={withSelection(purge, t('彻底删除后将无法恢复，是否继续?'))}>
          {t('批量彻底删除')}
        </Button>
      </Space>
      <Table<User>
        rowKey="id"
        size="small"
        bordered
        loading={loading}
        dataSource={rows}
        pagination={false}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, getCheckboxProps: namedRowCheckbox }}
        columns={[
          { title: t('用户账号'), dataIndex: 'username', align: 'center' },
          { title: t('用户姓名'), dataIndex: 'realname', align: 'center' },
          { title: t('性别'), dataIndex: 'sex', align: 'center', render: (_v, r) => dictText(r, 'sex') },
          { title: t('部门'), dataIndex: 'orgCodeTxt', align: 'center' },
          {
            title: t('操作'),
            key: 'action',
            align: 'center',
            render: (_v, r) => (
              <Space>
                <a onClick={() => void restore([r.id])}>{t('还原')}</a>
                <Popconfirm title={t('彻底删除后将无法恢复，是否继续?')} onConfirm={() => purge([r.id])}>
                  <a>{t('彻底删除')}</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
