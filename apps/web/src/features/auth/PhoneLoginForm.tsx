// 手机号登录: the number, its SMS code (获取验证码, then 60 s before another), then the session.
// Plain HTML like the account form (the sign-in page stays small).
import { useState, type FormEvent } from 'react';
import { FORM_PATTERNS, REQUIRED_MESSAGES } from '@anxue/shared/validation';
import type { HttpError } from '../../lib/http';
import { phoneLogin, SMS_MODE } from '../../lib/auth/login';
import type { LoginResult } from '../../lib/types';
import { useSmsCountdown } from './useSmsCountdown';
import { t } from '../../lib/i18n';

type Field = 'mobile' | 'captcha';

export default function PhoneLoginForm({ onSignedIn }: { onSignedIn: (res: LoginResult) => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ mobile: '', captcha: '' });
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const sms = useSmsCountdown();

  const mobileError = (v: string) => (!v ? t(REQUIRED_MESSAGES.mobile) : FORM_PATTERNS.mobile.pattern.test(v) ? undefined : t(FORM_PATTERNS.mobile.message));
  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setInvalid((i) => ({ ...i, [field]: undefined }));
  };

  const sendCode = async () => {
    const mobile = values.mobile.trim();
    const bad = mobileError(mobile);
    if (bad) return setInvalid((i) => ({ ...i, mobile: bad }));
    setError('');
    try {
      await sms.send(mobile, SMS_MODE.login);
      setNotice(t('验证码已发送，5分钟内有效'));
    } catch (err) {
      setNotice('');
      setError((err as HttpError).message || t('验证码发送失败'));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const mobile = values.mobile.trim();
    const captcha = values.captcha.trim();
    const errors: Partial<Record<Field, string>> = { mobile: mobileError(mobile), captcha: captcha ? undefined : t('请输入验证码') };
    setInvalid(errors);
    if (errors.mobile || errors.captcha) return;
    setBusy(true);
    setError('');
    try {
      onSignedIn(await phoneLogin({ mobile, captcha }));
    } catch (err) {
      setNotice('');
      setError((err as HttpError).message || t('登录失败'));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field, props: { placeholder: string; autoComplete: string; maxLength: number; inputMode: 'tel' | 'numeric' }) => (
    <div className={`login-field${invalid[field] ? ' has-error' : ''}`}>
      <input
        {...props}
        name={field}
        value={values[field]}
        onChange={set(field)}
        aria-label={props.placeholder}
        aria-invalid={!!invalid[field]}
        aria-describedby={invalid[field] ? `${field}-error` : undefined}
      />
      {invalid[field] && (
        <div id={`${field}-error`} className="login-field-error">
          {invalid[field]}
        </div>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate>
      {error && (
        <div role="alert" className="login-error">
          {error}
        </div>
      )}
      {notice && (
        <div role="status" className="login-notice">
          {notice}
        </div>
      )}
      {input('mobile', { placeholder: t('请输入手机号'), autoComplete: 'tel', maxLength: 11, inputMode: 'tel' })}
      <div className="login-captcha">
        {input('captcha', { placeholder: t('请输入验证码'), autoComplete: 'one-time-code', maxLength: 6, inputMode: 'numeric' })}
        <button type="button" className="login-sms-button" onClick={sendCode} disabled={sms.sending || sms.waiting}>
          {sms.label}
        </button>
      </div>
      <button type="submit" className="login-submit" disabled={busy}>
        {busy ? t('登录中…') : t('登录')}
      </button>
    </form>
  );
}
