// Add/edit a role; the role code is checked for uniqueness on the server (/sys/role/checkRoleCode).
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { http, HttpError } from '../../../lib/http';
import { message } from '../../../lib/antd/static';
import { useCloseGuard } from '../../../components/dialogs';
import type { Role } from './types';
import { t } from '../../../lib/i18n';

type RoleForm = Pick<Role, 'roleName' | 'roleCode' | 'description'>;

async function checkRoleCode(roleCode: string, id?: string): Promise<void> {
  try {
    await http.get('/sys/role/checkRoleCode', { roleCode, ...(id ? { id } : {}) }, { silent: true });
  } catch (e) {
    throw new Error(e instanceof HttpError && e.status !== 0 ? e.body?.message || e.message : t('角色编码校验失败'));
  }
}

export function RoleFormModal({ role, onClose, onSaved }: { role: Partial<Role>; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<RoleForm>();
  const [saving, setSaving] = useState(false);
  const editing = !!role.id;
  const guard = useCloseGuard(onClose);

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      if (editing) await http.put('/sys/role/edit', { ...values, id: role.id });
      else await http.post('/sys/role/add', values);
      message.success(editing ? t('编辑成功') : t('添加成功'));
      onSaved();
    } catch {
      /* notice shown */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={editing ? t('编辑角色') : t('新增角色')} onCancel={guard.requestClose} wrapClassName={guard.className} onOk={save} confirmLoading={saving} destroyOnHidden width={600}>
      <Form form={form} name="roleForm" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} initialValues={role} onValuesChange={guard.markDirty}>
        <Form.Item name="roleName" label={t('角色名称')} rules={[{ required: true, whitespace: true, message: t('请输入角色名称') }, { max: 200, message: t('长度不超过{max}个字符', { max: 200 }) }]}>
          <Input placeholder={t('请输入角色名称')} />
        </Form.Item>
        <Form.Item
          name="roleCode"
          label={t('角色编码')}
          validateDebounce={300}
          rules={[
            { required: true, whitespace: true, message: t('请输入角色编码') },
            { max: 100, message: t('长度不超过{max}个字符', { max: 100 }) },
            { validator: (_r, v: string) => (v?.trim() ? checkRoleCode(v.trim(), role.id) : Promise.resolve()) },
          ]}
        >
          <Input placeholder={t('请输入角色编码')} disabled={editing} />
        </Form.Item>
        <Form.Item name="description" label={t('描述')} rules={[{ max: 255, message: t('长度不超过{max}个字符', { max: 255 }) }]}>
          <Input.TextArea rows={3} placeholder={t('请输入描述')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
