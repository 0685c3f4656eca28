// 注销账号 of 基本设置: a code to the bound number (sendLogOffPhoneSms, signed), then userLogOff moves the
// account to the recycle bin and ends its sessions; the page then leaves for the sign-in page.
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { LOGIN_PATH } from '@anxue/shared/constants';
import { http } from '../../../lib/http';
import { navigateTo } from '../../../lib/navigation';
import { logout } from '../../../lib/auth/logout';
import SmsCodeInput, { SmsNoticeAlert, useSmsStep } from '../../auth/SmsCodeInput';
import { t } from '../../../lib/i18n';

export default function LogOffModal({ username, phone, onClose }: { username: string; phone: string; onClose: () => void }) {
  const [form] = Form.useForm<{ phone: string; smscode: string }>();
  const { notice, setNotice, busy, run } = useSmsStep();
  const [done, setDone] = useState(false);

  const sendCode = (p: string) => http.post<void>('/sys/user/sendLogOffPhoneSms', { username, phone: p }, { silent: true, signed: true });
  const submit = (v: { smscode: string }) =>
    run(async () => {
      await http.put('/sys/user/userLogOff', { username, phone, smscode: v.smscode.trim() }, { silent: true });
      setDone(true);
      await logout({ reload: false, quiet: true });
      navigateTo(LOGIN_PATH);
    });

  return (
    <Modal open title={t('注销账号')} onCancel={onClose} footer={null} destroyOnHidden width={440}>
      <Alert type="warning" showIcon message={t('注销后账号进入回收站，无法再登录；如需恢复请联系管理员。')} style={{ marginBottom: 16 }} />
      <SmsNoticeAlert notice={notice} />
      {done ? (
        <Alert type="success" showIcon message={t('注销成功！')} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ phone }} onFinish={submit}>
          <Form.Item label={t('手机号')} name="phone">
            <Input disabled />
          </Form.Item>
          <SmsCodeInput form={form} request={sendCode} onNotice={setNotice} />
          <Button danger type="primary" htmlType="submit" block loading={busy}>
            {t('确认注销')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
