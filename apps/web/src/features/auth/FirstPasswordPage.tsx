// 修改初始密码: a user signed in with a first password (a login card, a teacher's reset) picks their own
// before anything else; the route guard sends every other page here until the server clears the flag.
import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { checkPasswordChange, type PasswordChange } from '@anxue/shared/validation';
import { http } from '../../lib/http';
import { t } from '../../lib/i18n';
import { setUserInfo, useSession } from '../../lib/session/store';
// its own antd theme and locale, as the other sign-in pages: without it the dark setting left its labels black
import { withAntd } from '../../components/antd/AntdProvider';

function FirstPasswordPage() {
  const info = useSession((s) => s.info);
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordChange>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const rule = (field: keyof PasswordChange) => ({
    validator: () => {
      const e = checkPasswordChange(form.getFieldsValue() as PasswordChange)[field];
      return e ? Promise.reject(new Error(e)) : Promise.resolve();
    },
  });
  const submit = async (values: PasswordChange) => {
    if (!info) return;
    setSaving(true);
    setError('');
    try {
      await http.raw.post('/sys/user/updatePassword', { username: info.username, ...values }, { silent: true });
      setUserInfo({ ...info, pwdMustChange: 0 });
      navigate('/', { replace: true });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div style={{ maxWidth: 400, margin: '0 auto', padding: '24px 16px' }}>
      <h2>{t('修改初始密码')}</h2>
      <p>{t('这是管理员发给您的初始密码，请设置自己的新密码后继续。')}</p>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
        <Form.Item label={t('当前密码')} name="oldpassword" rules={[rule('oldpassword')]}>
          <Input.Password size="large" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label={t('新密码')} name="password" rules={[rule('password')]}>
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('确认新密码')} name="confirmpassword" rules={[rule('confirmpassword')]} dependencies={['password']}>
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={saving}>
          {t('修改并继续')}
        </Button>
      </Form>
    </div>
  );
}

export default withAntd(FirstPasswordPage);
