// The SMS code field of the register, alteration and phone-change forms: the code, and 获取验证码 for the
// number in the form's `phoneField` (checked first), then 60 s before another.
import { useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import type { FormInstance } from 'antd';
import type { HttpError } from '../../lib/http';
import type { SMS_MODE } from '../../lib/auth/login';
import { useSmsCountdown } from './useSmsCountdown';
import { t } from '../../lib/i18n';

/** What the page shows above its form: the send's outcome. */
export type SmsNotice = { type: 'success' | 'error'; text: string } | null;

/**
 * The state of a form with a code: the notice above it and the busy submit. `run` does one step, clearing
 * the notice first and showing the server's refusal in it (the calls are silent, so nothing else does).
 */
export function useSmsStep() {
  const [notice, setNotice] = useState<SmsNotice>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await work();
    } catch (e) {
      setNotice({ type: 'error', text: (e as HttpError).message });
    } finally {
      setBusy(false);
    }
  };
  return { notice, setNotice, busy, run };
}

export function SmsNoticeAlert({ notice }: { notice: SmsNotice }) {
  return notice ? <Alert type={notice.type} showIcon message={notice.text} style={{ marginBottom: 16 }} /> : null;
}

interface Props {
  form: FormInstance;
  /** The /sys/sms purpose, or `request` for another sending call. */
  mode?: (typeof SMS_MODE)[keyof typeof SMS_MODE];
  request?: (phone: string) => Promise<void>;
  phoneField?: string;
  onNotice: (notice: SmsNotice) => void;
}

export default function SmsCodeInput({ form, mode, request, phoneField = 'phone', onNotice }: Props) {
  const sms = useSmsCountdown();
  const send = async () => {
    try {
      await form.validateFields([phoneField]);
    } catch {
      return;
    }
    onNotice(null);
    const phone = String(form.getFieldValue(phoneField) ?? '').trim();
    try {
      await (request ? sms.run(() => request(phone)) : sms.send(phone, mode ?? '0'));
      onNotice({ type: 'success', text: t('验证码已发送，5分钟内有效') });
    } catch (e) {
      onNotice({ type: 'error', text: (e as HttpError).message || t('验证码发送失败') });
    }
  };
  return (
    <Form.Item>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="smscode" noStyle rules={[{ required: true, message: t('请输入验证码') }]}>
          <Input placeholder={t('短信验证码')} aria-label={t('短信验证码')} maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        <Button onClick={send} loading={sms.sending} disabled={sms.waiting} style={{ minWidth: 128, whiteSpace: 'nowrap' }}>
          {sms.label}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
