// 注册: username, password, mobile with its SMS code, optional e-mail, with the spec's rules (spec/01 §5).
// Open only while the administrator allows registration (the server refuses otherwise).
import { Alert, Button, Card, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { http } from '../../lib/http';
import { SMS_MODE } from '../../lib/auth/login';
import { confirmRules, emailRules, mobileRules, passwordRules, usernameRules } from './accountRules';
import SmsCodeInput, { SmsNoticeAlert, useSmsStep } from './SmsCodeInput';
import { useRegistrationOpen } from './registration';
import { withAntd } from '../../components/antd/AntdProvider';
import { t } from '../../lib/i18n';

interface RegisterValues {
  username: string;
  password: string;
  confirmpassword: string;
  phone: string;
  smscode: string;
  email?: string;
}

function RegisterPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const { notice, setNotice, busy, run } = useSmsStep();
  const open = useRegistrationOpen();
  const submit = (v: RegisterValues) =>
    run(async () => {
      const username = v.username.trim();
      await http.post('/sys/user/register', { username, password: v.password, phone: v.phone.trim(), smscode: v.smscode.trim(), email: v.email?.trim() || undefined }, { silent: true });
      navigate('/user/register-result', { state: { username } });
    });
  return (
    <Card title={t('注册')}>
      {open === false && <Alert type="warning" showIcon message={t('系统未开放注册，请联系管理员')} style={{ marginBottom: 16 }} />}
      <SmsNoticeAlert notice={notice} />
      <Form<RegisterValues> form={form} size="large" onFinish={submit}>
        <Form.Item name="username" rules={usernameRules}>
          <Input placeholder={t('用户名')} aria-label={t('用户名')} autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={passwordRules(t('请输入密码'))}>
          <Input.Password placeholder={t('至少8位密码')} aria-label={t('密码')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmpassword" dependencies={['password']} rules={confirmRules()}>
          <Input.Password placeholder={t('确认密码')} aria-label={t('确认密码')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="phone" rules={mobileRules()}>
          <Input placeholder={t('11 位手机号')} aria-label={t('手机号')} inputMode="tel" maxLength={11} />
        </Form.Item>
        <SmsCodeInput form={form} mode={SMS_MODE.register} onNotice={setNotice} />
        <Form.Item name="email" rules={emailRules}>
          <Input placeholder={t('邮箱（选填）')} aria-label={t('邮箱')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('注册')}
        </Button>
        <div style={{ marginTop: 16 }}>
          <Link to="/user/login">{t('使用已有账户登录')}</Link>
        </div>
      </Form>
    </Card>
  );
}

export default withAntd(RegisterPage);
