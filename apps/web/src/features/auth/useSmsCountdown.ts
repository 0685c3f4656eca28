// The 获取验证码 button's state: sends a code (POST /sys/sms), then waits 60 s before another.
import { useEffect, useState } from 'react';
import { sendSmsCode, type SMS_MODE } from '../../lib/auth/login';
import { t } from '../../lib/i18n';

export const SMS_WAIT_SECONDS = 60;

export function useSmsCountdown() {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (!left) return;
    const id = setTimeout(() => setLeft((l) => l - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  /** Sends the code by `request`; a refusal (too often, number taken, ...) rejects with the server's message. */
  const run = async (request: () => Promise<void>) => {
    setSending(true);
    try {
      await request();
      setLeft(SMS_WAIT_SECONDS);
    } finally {
      setSending(false);
    }
  };
  /** Sends a code of POST /sys/sms. */
  const send = (mobile: string, mode: (typeof SMS_MODE)[keyof typeof SMS_MODE]) => run(() => sendSmsCode(mobile, mode));
  return { send, run, sending, waiting: left > 0, label: left ? t('{left}秒后重新获取', { left }) : t('获取验证码') };
}
