// 找回密码 (the alteration flow): 1 the number and its SMS code (POST /sys/user/phoneVerification names
// the account), 2 the new password (POST /sys/user/passwordChange with the verified code), 3 done.
import { useState } from 'react';
import { Button, Card, Form, Input, Result, Steps } from 'antd';
import { Link, useNavigate } from 'react-router';
import { http } from '../../lib/http';
import { SMS_MODE } from '../../lib/auth/login';
import { confirmRules, mobileRules, passwordRules } from './accountRules';
import SmsCodeInput, { SmsNoticeAlert, useSmsStep } from './SmsCodeInput';
import { withAntd } from '../../components/antd/AntdProvider';
import { t } from '../../lib/i18n';

interface Verified {
  username: string;
  phone: string;
  smscode: string;
}

function AlterationPage() {
  const navigate = useNavigate();
  const [phoneForm] = Form.useForm<{ phone: string; smscode: string }>();
  const [step, setStep] = useState(0);
  const [verified, setVerified] = useState<Verified | null>(null);
  const { notice, setNotice, busy, run } = useSmsStep();


  return (
    <Card title={t('找回密码')}>
      <Steps size="small" current={step} items={[{ title: t('手机验证') }, { title: t('更改密码') }, { title: t('完成') }]} style={{ marginBottom: 24 }} />
      <SmsNoticeAlert notice={notice} />
      {step === 0 && (
        <Form
          form={phoneForm}
          size="large"
          onFinish={(v) =>
            run(async () => {
              const phone = v.phone.trim();
              const res = await http.post<{ username: string; smscode: string }>('/sys/user/phoneVerification', { phone, smscode: v.smscode.trim() }, { silent: true });
              setVerified({ username: res.username, phone, smscode: res.smscode });
              setStep(1);
            })
          }
        >
          <Form.Item name="phone" rules={mobileRules()}>
            <Input placeholder={t('手机号')} aria-label={t('手机号')} inputMode="tel" maxLength={11} />
          </Form.Item>
          <SmsCodeInput form={phoneForm} mode={SMS_MODE.forgot} onNotice={setNotice} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('下一步')}
          </Button>
        </Form>
      )}
      {step === 1 && verified && (
        <Form
          size="large"
          onFinish={(v: { password: string }) =>
            run(async () => {
              await http.post('/sys/user/passwordChange', { ...verified, password: v.password }, { silent: true });
              setStep(2);
            })
          }
        >
          <p>
            {t('账户：')}<strong>{verified.username}</strong>
          </p>
          <Form.Item name="password" rules={passwordRules()}>
            <Input.Password placeholder={t('新密码（至少8位）')} aria-label={t('新密码')} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirmpassword" dependencies={['password']} rules={confirmRules()}>
            <Input.Password placeholder={t('确认新密码')} aria-label={t('确认新密码')} autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('提交')}
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title={t('密码修改成功')}
          subTitle={verified ? t('账户 {username} 请使用新密码登录', { username: verified.username }) : undefined}
          extra={
            <Button type="primary" onClick={() => navigate('/user/login')}>
              {t('返回登录')}
            </Button>
          }
        />
      )}
      {step < 2 && (
        <div style={{ marginTop: 16 }}>
          <Link to="/user/login">{t('返回登录')}</Link>
        </div>
      )}
    </Card>
  );
}

export default withAntd(AlterationPage);
