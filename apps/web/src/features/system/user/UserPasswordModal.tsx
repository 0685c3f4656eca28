// 修改密码 for another user (administrator): PUT /sys/user/changePassword.
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT, REQUIRED_MESSAGES } from '@anxue/shared';
import { useCloseGuard } from '../../../components/dialogs';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';

export function UserPasswordModal({ username, onClose }: { username: string | undefined; onClose: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const close = () => {
    form.resetFields();
    onClose();
  };
  const guard = useCloseGuard(close, { open: !!username, resetKey: username });
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await http.raw.put('/sys/user/changePassword', { username, password: v.password, confirmpassword: v.confirmpassword });
      void message.success(res.message || t('密码修改成功！'));
      close();
    } catch {
      /* notice shown */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={t('修改密码')} open={!!username} onOk={submit} onCancel={guard.requestClose} wrapClassName={guard.className} confirmLoading={saving} okText={t('确定')} cancelText={t('关闭')} width={600} forceRender>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} onValuesChange={guard.markDirty}>
        <Form.Item label={t('用户账号')}>
          <Input value={username} disabled />
        </Form.Item>
        <Form.Item label={t('登录密码')} name="password" rules={[{ required: true, message: REQUIRED_MESSAGES.newPassword }, { min: PASSWORD_MIN_LENGTH, message: PASSWORD_TOO_SHORT }]}>
          <Input.Password placeholder={t('请输入登录密码')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('确认密码')}
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: REQUIRED_MESSAGES.confirmPassword },
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if (v && v !== getFieldValue('password')) throw new Error(PASSWORD_MISMATCH);
              },
            }),
          ]}
        >
          <Input.Password placeholder={t('请重新输入登录密码')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
