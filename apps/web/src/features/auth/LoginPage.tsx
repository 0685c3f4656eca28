// Sign-in (spec/01 §4): account (username, password, captcha) or phone (number and SMS code); a tenant
// step when several tenants.
// Plain HTML on purpose: the sign-in page must stay small (no antd here; see README budget).
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { HOME_PATH, STORAGE_KEYS } from '@anxue/shared/constants';
import { REQUIRED_MESSAGES } from '@anxue/shared/validation';
import { redirectTarget } from '../../lib/navigation';
import type { HttpError } from '../../lib/http';
import { appConfig } from '../../lib/runtimeConfig';
import { login } from '../../lib/auth/login';
import { localStore } from '../../lib/storage';
import type { LoginResult, Tenant } from '../../lib/types';
import ThirdLoginButtons from './ThirdLoginButtons';
import { useCaptcha } from './useCaptcha';
import { useRegistrationOpen } from './registration';
import './login.css';
import { t } from '../../lib/i18n';

const TenantStep = lazy(() => import('./TenantStep'));
const PhoneLoginForm = lazy(() => import('./PhoneLoginForm'));
const QrLoginForm = lazy(() => import('./QrLoginForm'));

type Field = 'username' | 'password' | 'captcha';
const REQUIRED: Record<Field, string> = { username: REQUIRED_MESSAGES.username, password: '请输入密码', captcha: '请输入验证码' };

export default function LoginPage({ title = t('账号密码登录') }: { title?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const captchaOn = appConfig().captcha;
  const { checkKey, image, refresh } = useCaptcha(captchaOn);
  const [values, setValues] = useState<Record<Field, string>>(() => ({ username: localStore.get<string>(STORAGE_KEYS.username) ?? '', password: '', captcha: '' }));
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [tenants, setTenants] = useState<{ list: Tenant[]; initial?: number | string } | null>(null);
  const [mode, setMode] = useState<'account' | 'phone' | 'qrcode'>('account');
  const registration = useRegistrationOpen();

  const proceed = () => navigate(redirectTarget(location.search) ?? HOME_PATH, { replace: true });
  /** After either way of signing in: the tenant step when the user belongs to several. */
  const signedIn = (res: LoginResult) => {
    if ((res.tenantList?.length ?? 0) > 1) {
      setTenants({ list: res.tenantList!, initial: res.userInfo.loginTenantId ?? undefined });
      return;
    }
    proceed();
  };
  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setInvalid((i) => ({ ...i, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields: Field[] = captchaOn ? ['username', 'password', 'captcha'] : ['username', 'password'];
    const missing = Object.fromEntries(fields.filter((f) => !values[f].trim()).map((f) => [f, t(REQUIRED[f])]));
    setInvalid(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setError('');
    try {
      const username = values.username.trim();
      const res = await login({ username, password: values.password, ...(captchaOn ? { captcha: values.captcha.trim(), checkKey } : {}) });
      localStore.set(STORAGE_KEYS.username, username);
      signedIn(res);
    } catch (err) {
      setError((err as HttpError).message || t('登录失败'));
      if (captchaOn) {
        setValues((v) => ({ ...v, captcha: '' }));
        refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  if (tenants) {
    return (
      <Suspense fallback={<div className="app-loading" />}>
        <TenantStep tenants={tenants.list} initial={tenants.initial} onDone={proceed} />
      </Suspense>
    );
  }

  const input = (field: Field, props: { type?: string; placeholder: string; autoComplete: string; maxLength?: number }) => (
    <div className={`login-field${invalid[field] ? ' has-error' : ''}`}>
      <input
        {...props}
        name={field}
        value={values[field]}
        onChange={set(field)}
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
    <div className="login-panel">
      <div className="login-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={mode === 'account'} onClick={() => setMode('account')}>
          {title}
        </button>
        <button type="button" role="tab" aria-selected={mode === 'phone'} onClick={() => setMode('phone')}>
          {t('手机号登录')}
        </button>
        <button type="button" role="tab" aria-selected={mode === 'qrcode'} onClick={() => setMode('qrcode')}>
          {t('扫码登录')}
        </button>
      </div>
      {mode === 'phone' ? (
        <Suspense fallback={<div className="app-loading" />}>
          <PhoneLoginForm onSignedIn={signedIn} />
        </Suspense>
      ) : mode === 'qrcode' ? (
        <Suspense fallback={<div className="app-loading" />}>
          <QrLoginForm onSignedIn={signedIn} />
        </Suspense>
      ) : (
        <>
          {error && (
            <div role="alert" className="login-error">
              {error}
            </div>
          )}
          <form onSubmit={submit} noValidate>
            {input('username', { placeholder: t('请输入用户名'), autoComplete: 'username' })}
            {input('password', { type: 'password', placeholder: t('请输入密码'), autoComplete: 'current-password' })}
            {captchaOn && (
              <div className="login-captcha">
                {input('captcha', { placeholder: t('请输入验证码'), autoComplete: 'off', maxLength: 4 })}
                <button type="button" className="login-captcha-image" onClick={refresh} title={t('看不清？换一张')} aria-label={t('刷新验证码')}>
                  {image ? <img src={image} alt={t('验证码')} /> : t('加载中…')}
                </button>
              </div>
            )}
            <button type="submit" className="login-submit" disabled={busy}>
              {busy ? t('登录中…') : t('登录')}
            </button>
          </form>
        </>
      )}
      <div className="login-links">
        <Link to="/user/alteration">{t('忘记密码')}</Link>
        {registration && <Link to="/user/register">{t('注册账户')}</Link>}
      </div>
      <ThirdLoginButtons />
    </div>
  );
}
