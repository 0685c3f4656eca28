// 更换手机号 / 绑定手机号 of 基本设置: with a number, a code to it first (verifyOriginalPhone), then the new
// number with its own code (changePhone updatePhone); without one, the new number and its code (updateMobile).
import { useState } from 'react';
import { Button, Form, Input, Modal, Steps } from 'antd';
import { http } from '../../../lib/http';
import { mobileRules } from '../../auth/accountRules';
import SmsCodeInput, { SmsNoticeAlert, useSmsStep } from '../../auth/SmsCodeInput';
import { t } from '../../../lib/i18n';

const sendCode = (type: 'verifyOriginalPhone' | 'updatePhone') => (phone: string) =>
  http.post<void>('/sys/user/sendChangePhoneSms', { type, phone }, { silent: true, signed: true });

export default function PhoneChangeModal({ current, onClose, onChanged }: { current?: string | null; onClose: () => void; onChanged: (phone: string) => void }) {
  const [verifyForm] = Form.useForm<{ phone: string; smscode: string }>();
  const [newForm] = Form.useForm<{ newPhone: string; smscode: string }>();
  const [step, setStep] = useState(current ? 0 : 1);
  const { notice, setNotice, busy, run } = useSmsStep();

  const verify = (v: { smscode: string }) =>
    run(async () => {
      await http.put('/sys/user/changePhone', { type: 'verifyOriginalPhone', phone: current, smscode: v.smscode.trim() }, { silent: true });
      setStep(1);
    });
  const change = (v: { newPhone: string; smscode: string }) =>
    run(async () => {
      const newPhone = v.newPhone.trim();
      const smscode = v.smscode.trim();
      if (current) await http.put('/sys/user/changePhone', { type: 'updatePhone', phone: current, newPhone, smscode }, { silent: true });
      else await http.put('/sys/user/updateMobile', { phone: newPhone, smscode }, { silent: true });
      onChanged(newPhone);
    });

  return (
    <Modal open title={current ? t('更换手机号') : t('绑定手机号')} onCancel={onClose} footer={null} destroyOnHidden width={440}>
      {current && <Steps size="small" current={step} items={[{ title: t('验证原手机号') }, { title: t('设置新手机号') }]} style={{ margin: '8px 0 20px' }} />}
      <SmsNoticeAlert notice={notice} />
      {step === 0 && current && (
        <Form form={verifyForm} layout="vertical" initialValues={{ phone: current }} onFinish={verify}>
          <Form.Item label={t('原手机号')} name="phone">
            <Input disabled />
          </Form.Item>
          <SmsCodeInput form={verifyForm} request={sendCode('verifyOriginalPhone')} onNotice={setNotice} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('下一步')}
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form form={newForm} layout="vertical" onFinish={change}>
          <Form.Item label={t('新手机号')} name="newPhone" rules={mobileRules()}>
            <Input aria-label={t('新手机号')} inputMode="tel" maxLength={11} />
          </Form.Item>
          <SmsCodeInput form={newForm} phoneField="newPhone" request={sendCode('updatePhone')} onNotice={setNotice} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('确定')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
