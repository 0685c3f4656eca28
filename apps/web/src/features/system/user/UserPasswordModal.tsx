// 修改密码 for another user (administrator): PUT /sys/user/changePassword.
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT, REQUIRED_MESSAGES } from '@anxue/shared';
import { message } from '../../../lib/antdStatic';
import { http } from '../../../lib/http';

export function UserPasswordModal({ username, onClose }: { username: string | undefined; onClose: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const res = await http.raw.put('/sys/user/changePassword', { username, password: v.password, confirmpassword: v.confirmpassword });
      void message.success(res.message || '密码修改成功！');
      close();
    } catch {
      /* notice shown */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="修改密码" open={!!username} onOk={submit} onCancel={close} confirmLoading={saving} okText="确定" cancelText="关闭" width={600} forceRender>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }}>
        <Form.Item label="用户账号">
          <Input value={username} disabled />
        </Form.Item>
        <Form.Item label="登录密码" name="password" rules={[{ required: true, message: REQUIRED_MESSAGES.newPassword }, { min: PASSWORD_MIN_LENGTH, message: PASSWORD_TOO_SHORT }]}>
          <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
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
          <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
