// 修改密码 (spec/01 §5): the rules and messages come from the shared validation module.
import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { checkPasswordChange, type PasswordChange } from '@anxue/shared/validation';
import { message } from '../../lib/antd/static';
import { http } from '../../lib/http';
import { logout } from '../../lib/auth/logout';
import { useCloseGuard } from './useCloseGuard';
import { t } from '../../lib/i18n';

export interface ChangePasswordModalProps {
  open: boolean;
  username: string;
  onClose: () => void;
}

/** One antd rule per field, delegating to the shared checker so both sides say the same thing. */
const ruleFor = (field: keyof PasswordChange): Rule => ({ getFieldsValue }) => ({
  validator: () => {
    const error = checkPasswordChange(getFieldsValue() as PasswordChange)[field];
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
});

export function ChangePasswordModal({ open, username, onClose }: ChangePasswordModalProps) {
  const [form] = Form.useForm<PasswordChange>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    setError('');
    try {
      const res = await http.raw.post('/sys/user/updatePassword', { username, ...values }, { silent: true });
      message.success(res.message || t('密码修改成功，请重新登录！'));
      onClose();
      await logout();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    form.resetFields();
    setError('');
    onClose();
  };
  const guard = useCloseGuard(close, { open });

  return (
    <Modal title={t('修改密码')} open={open} onOk={submit} onCancel={guard.requestClose} wrapClassName={guard.className} confirmLoading={saving} destroyOnHidden width={600} okText={t('确定')} cancelText={t('关闭')}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} labelWrap labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} autoComplete="off" onValuesChange={guard.markDirty}>
        <Form.Item label={t('旧密码')} name="oldpassword" rules={[ruleFor('oldpassword')]}>
          <Input.Password placeholder={t('请输入旧密码')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item label={t('新密码')} name="password" rules={[ruleFor('password')]}>
          <Input.Password placeholder={t('请输入新密码')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('确认新密码')} name="confirmpassword" rules={[ruleFor('confirmpassword')]} dependencies={['password']}>
          <Input.Password placeholder={t('请确认新密码')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
