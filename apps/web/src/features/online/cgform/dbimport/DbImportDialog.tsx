// 从数据库导入表单 (the original's DbToOnlineModal): the tables of the main database that can become forms
// (never the platform's own; the server decides), filtered by name, chosen and turned into synced forms.
import { useEffect, useMemo, useState, type Key } from 'react';
import { Button, Input, Modal, Table, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { message } from '../../../../lib/antd/static';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';
import { namedRowCheckbox } from '../../../../components/list-page/rowCheckbox';

const API = { query: '/online/cgform/head/queryTables', trans: '/online/cgform/head/transTables' };

export function DbImportDialog({ onClose }: { onClose: (imported: boolean) => void }) {
  const [tables, setTables] = useState<Array<{ id: string }> | undefined>();
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<Key[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void http.get<Array<{ id: string }>>(API.query).then(
      (rows) => setTables(rows ?? []),
      () => setTables([]),
    );
  }, []);

  const shown = useMemo(() => (tables ?? []).filter((t) => t.id.toLowerCase().includes(filter.trim().toLowerCase())), [tables, filter]);

  const trans = async () => {
    if (!chosen.length) return void message.warning(t('请选择一张表'));
    setBusy(true);
    try {
      const res = await http.raw.post(`${API.trans}/${chosen.map((k) => encodeURIComponent(String(k))).join(',')}`);
      void message.success(res.message || t('生成表单成功'));
      onClose(true);
    } catch {
      // the client showed the server's reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('从数据库导入表单')}
      width={520}
      onCancel={() => onClose(false)}
      footer={
        <>
          <Button onClick={() => onClose(false)}>{t('关闭')}</Button>
          <Button type="primary" icon={<SwapOutlined />} loading={busy} onClick={() => void trans()}>
            {t('生成表单')}
          </Button>
        </>
      }
    >
      <Typography.Paragraph type="secondary">{t('注：系统表（sys_、onl_ 等前缀）和已生成表单的表不会列出；表需有 32 位以上字符串主键 id。')}</Typography.Paragraph>
      <Input aria-label={t('表名')} placeholder={t('请输入表名以模糊筛选')} allowClear value={filter} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 12 }} />
      <Table
        size="small"
        rowKey="id"
        loading={!tables}
        dataSource={shown}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        rowSelection={{ selectedRowKeys: chosen, onChange: setChosen, getCheckboxProps: namedRowCheckbox }}
        columns={[{ title: t('表名'), dataIndex: 'id' }]}
        locale={{ emptyText: filter ? t('无筛选结果') : t('暂无数据') }}
        onRow={(r) => ({ onClick: () => setChosen((c) => (c.includes(r.id) ? c.filter((k) => k !== r.id) : [...c, r.id])) })}
      />
    </Modal>
  );
}
