// 部门角色: the roles a department defines for its members (/sys/sysDepartRole/*), each with its own
// grants chosen from what the department itself was granted.
import { useState } from 'react';
import { Button, Drawer, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGINATION, totalText } from '@anxue/shared/constants';
import type { PageResult } from '@anxue/shared/wire';
import { http } from '../../../lib/http';
import { message } from '../../../lib/antd/static';
import { useCloseGuard } from '../../../components/dialogs';
import { GrantEditor } from './GrantEditor';
import { t } from '../../../lib/i18n';

interface DepartRole {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description?: string | null;
}

export function DepartRoles({ departId }: { departId: string }) {
  const client = useQueryClient();
  const [page, setPage] = useState<{ pageNo: number; pageSize: number }>({ pageNo: 1, pageSize: PAGINATION.pageSize });
  const [editing, setEditing] = useState<Partial<DepartRole> | undefined>(undefined);
  const [granting, setGranting] = useState<DepartRole | undefined>(undefined);
  const queryKey = ['depart-roles', departId, page];
  const { data, isFetching } = useQuery({
    queryKey,
    queryFn: () => http.get<PageResult<DepartRole>>('/sys/sysDepartRole/list', { deptId: departId, ...page }),
  });
  const reload = () => client.invalidateQueries({ queryKey: ['depart-roles', departId] });

  const remove = async (role: DepartRole) => {
    try {
      await http.delete('/sys/sysDepartRole/delete', { id: role.id });
      message.success(t('删除成功'));
      await reload();
    } catch {
      /* notice shown */
    }
  };

  return (
    <div>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing({})}>
        {t('新增部门角色')}
      </Button>
      <Table<DepartRole>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{ ...PAGINATION, pageSizeOptions: [...PAGINATION.pageSizeOptions], current: page.pageNo, pageSize: page.pageSize, total: data?.total ?? 0, showTotal: totalText }}
        onChange={(p) => setPage({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? PAGINATION.pageSize })}
        columns={[
          { title: t('部门角色名称'), dataIndex: 'roleName' },
          { title: t('部门角色编码'), dataIndex: 'roleCode' },
          { title: t('描述'), dataIndex: 'description', ellipsis: true },
          {
            title: t('操作'),
            key: 'actions',
            render: (_: unknown, role) => (
              <Space>
                <a onClick={() => setEditing(role)}>{t('编辑')}</a>
                <a onClick={() => setGranting(role)}>{t('授权')}</a>
                <Popconfirm title={t('确定删除吗?')} onConfirm={() => remove(role)}>
                  <a>{t('删除')}</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <DepartRoleModal
          departId={departId}
          role={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void reload();
          }}
        />
      )}
      <Drawer title={t('部门角色授权：{name}', { name: granting?.roleName ?? '' })} open={!!granting} onClose={() => setGranting(undefined)} width={480} destroyOnHidden>
        {granting && (
          <GrantEditor
            source={{ url: '/sys/sysDepartPermission/queryTreeListForDeptRole', params: { departId } }}
            load={{ url: '/sys/sysDepartPermission/queryDeptRolePermission', params: { roleId: granting.id } }}
            save={{ url: '/sys/sysDepartPermission/saveDeptRolePermission', holder: { roleId: granting.id } }}
          />
        )}
      </Drawer>
    </div>
  );
}

function DepartRoleModal({ departId, role, onClose, onSaved }: { departId: string; role: Partial<DepartRole>; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Pick<DepartRole, 'roleName' | 'roleCode' | 'description'>>();
  const [saving, setSaving] = useState(false);
  const guard = useCloseGuard(onClose);
  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      if (role.id) await http.put('/sys/sysDepartRole/edit', { ...values, id: role.id, departId });
      else await http.post('/sys/sysDepartRole/add', { ...values, departId });
      message.success(role.id ? t('编辑成功') : t('添加成功'));
      onSaved();
    } catch {
      /* notice shown */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={role.id ? t('编辑部门角色') : t('新增部门角色')} onCancel={guard.requestClose} wrapClassName={guard.className} onOk={save} confirmLoading={saving} destroyOnHidden>
      <Form form={form} name="departRoleForm" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} initialValues={role} onValuesChange={guard.markDirty}>
        <Form.Item name="roleName" label={t('部门角色名称')} rules={[{ required: true, whitespace: true, message: t('请输入部门角色名称') }]}>
          <Input placeholder={t('请输入部门角色名称')} maxLength={200} />
        </Form.Item>
        <Form.Item name="roleCode" label={t('部门角色编码')} rules={[{ required: true, whitespace: true, message: t('请输入部门角色编码') }]}>
          <Input placeholder={t('请输入部门角色编码')} maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('描述')}>
          <Input.TextArea rows={3} maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
