// 个人设置 · 基本设置: edit the own name, sex, email and phone (PUT /sys/user/edit).
import { useState } from 'react';
import { Button, Card, Form, Input, Radio } from 'antd';
import { message } from '../../../lib/antdStatic';
import { http } from '../../../lib/http';
import { setUserInfo, useSession } from '../../../lib/session/store';
import type { UserInfo } from '../../../lib/types';
import { emailRules, mobileRules } from '../../auth/accountRules';

type BaseValues = Pick<UserInfo, 'realname' | 'sex' | 'email' | 'phone'>;

export default function BaseSettingsPage() {
  const info = useSession((s) => s.info);
  const [busy, setBusy] = useState(false);
  if (!info) return null;
  const save = async (v: BaseValues) => {
    setBusy(true);
    try {
      await http.put('/sys/user/edit', { id: info.id, username: info.username, ...v });
      setUserInfo({ ...info, ...v });
      message.success('保存成功');
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="基本设置">
      <Form<BaseValues> layout="vertical" style={{ maxWidth: 480 }} initialValues={{ realname: info.realname, sex: info.sex != null ? String(info.sex) : undefined, email: info.email, phone: info.phone }} onFinish={save}>
        <Form.Item label="姓名" name="realname" rules={[{ required: true, message: '请输入姓名' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="性别" name="sex">
          <Radio.Group options={[{ value: '1', label: '男' }, { value: '2', label: '女' }]} />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={emailRules}>
          <Input />
        </Form.Item>
        <Form.Item label="手机" name="phone" rules={mobileRules(true)}>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          更新基本信息
        </Button>
      </Form>
    </Card>
  );
}
