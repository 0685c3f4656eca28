// 找回密码: step 1 account, 2 mobile check, 3 new password, 4 done (the alteration flow, steps 2-4).
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Result, Steps } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { HttpError } from '../../lib/http';
import { http } from '../../lib/http';
import { confirmRules, mobileRules, passwordRules, usernameRules } from './accountRules';
import { withAntd } from '../../app/AntdProvider';

function AlterationPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [data, setData] = useState<{ username?: string; phone?: string; smscode?: string }>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError((e as HttpError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="找回密码">
      <Steps size="small" current={step} items={[{ title: '账户' }, { title: '手机验证' }, { title: '更改密码' }, { title: '完成' }]} style={{ marginBottom: 24 }} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {step === 0 && (
        <Form onFinish={(v: { username: string }) => run(async () => (setData({ username: v.username }), setStep(1)))}>
          <Form.Item name="username" rules={usernameRules}>
            <Input placeholder="请输入用户名" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form
          onFinish={(v: { phone: string; smscode: string }) =>
            run(async () => {
              await http.get('/sys/user/phoneVerification', { phone: v.phone, smscode: v.smscode }, { silent: true });
              setData((d) => ({ ...d, ...v }));
              setStep(2);
            })
          }
        >
          <Form.Item name="phone" rules={mobileRules()}>
            <Input placeholder="手机号" />
          </Form.Item>
          <Form.Item name="smscode" rules={[{ required: true, message: '请输入验证码' }]}>
            <Input placeholder="短信验证码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            下一步
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Form
          onFinish={(v: { password: string }) =>
            run(async () => {
              await http.get('/sys/user/passwordChange', { ...data, password: v.password }, { silent: true });
              setStep(3);
            })
          }
        >
          <Form.Item name="password" rules={passwordRules()}>
            <Input.Password placeholder="新密码" />
          </Form.Item>
          <Form.Item name="confirmpassword" dependencies={['password']} rules={confirmRules()}>
            <Input.Password placeholder="确认新密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            提交
          </Button>
        </Form>
      )}
      {step === 3 && (
        <Result
          status="success"
          title="密码修改成功"
          extra={
            <Button type="primary" onClick={() => navigate('/user/login')}>
              返回登录
            </Button>
          }
        />
      )}
      {step < 3 && (
        <div style={{ marginTop: 16 }}>
          <Link to="/user/login">返回登录</Link>
        </div>
      )}
    </Card>
  );
}

export default withAntd(AlterationPage);
