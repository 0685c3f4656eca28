// 注册: username, password, mobile and optional email with the spec's rules.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { HttpError } from '../../lib/http';
import { http } from '../../lib/http';
import { confirmRules, emailRules, mobileRules, passwordRules, usernameRules } from './accountRules';
import { withAntd } from '../../app/AntdProvider';

interface RegisterValues {
  username: string;
  password: string;
  confirmpassword: string;
  phone: string;
  email?: string;
}

function RegisterPage() {
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (v: RegisterValues) => {
    setBusy(true);
    setError('');
    try {
      await http.post('/sys/user/register', { username: v.username, password: v.password, phone: v.phone, email: v.email }, { silent: true });
      navigate('/user/register-result', { state: { username: v.username } });
    } catch (e) {
      setError((e as HttpError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="注册">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form<RegisterValues> size="large" onFinish={submit}>
        <Form.Item name="username" rules={usernameRules}>
          <Input placeholder="用户名" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={passwordRules('请输入密码')}>
          <Input.Password placeholder="至少8位密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmpassword" dependencies={['password']} rules={confirmRules()}>
          <Input.Password placeholder="确认密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="phone" rules={mobileRules()}>
          <Input placeholder="11 位手机号" />
        </Form.Item>
        <Form.Item name="email" rules={emailRules}>
          <Input placeholder="邮箱（选填）" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          注册
        </Button>
        <div style={{ marginTop: 16 }}>
          <Link to="/user/login">使用已有账户登录</Link>
        </div>
      </Form>
    </Card>
  );
}

export default withAntd(RegisterPage);
