// Account sign-in (spec/01 §4): username, password, captcha; a tenant step when several tenants.
// Plain HTML on purpose: the sign-in page must stay small (no antd here; see README budget).
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { HOME_PATH, STORAGE_KEYS } from '@anxue/shared/constants';
import { REQUIRED_MESSAGES } from '@anxue/shared/validation';
import { redirectTarget } from '../../app/guard/decide';
import type { HttpError } from '../../lib/http';
import { appConfig } from '../../lib/runtimeConfig';
import { login } from '../../lib/session/login';
import { localStore } from '../../lib/storage';
import type { Tenant } from '../../lib/types';
import { useCaptcha } from './useCaptcha';
import './login.css';

const TenantStep = lazy(() => import('./TenantStep'));

type Field = 'username' | 'password' | 'captcha';
const REQUIRED: Record<Field, string> = { username: REQUIRED_MESSAGES.username, password: '请输入密码', captcha: '请输入验证码' };

export default function LoginPage({ title = '账号密码登录' }: { title?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const captchaOn = appConfig().captcha;
  const { checkKey, image, refresh } = useCaptcha(captchaOn);
  const [values, setValues] = useState<Record<Field, string>>(() => ({ username: localStore.get<string>(STORAGE_KEYS.username) ?? '', password: '', captcha: '' }));
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [tenants, setTenants] = useState<{ list: Tenant[]; initial?: number | string } | null>(null);

  const proceed = () => navigate(redirectTarget(location.search) ?? HOME_PATH, { replace: true });
  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setInvalid((i) => ({ ...i, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const fields: Field[] = captchaOn ? ['username', 'password', 'captcha'] : ['username', 'password'];
    const missing = Object.fromEntries(fields.filter((f) => !values[f].trim()).map((f) => [f, REQUIRED[f]]));
    setInvalid(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setError('');
    try {
      const username = values.username.trim();
      const res = await login({ username, password: values.password, ...(captchaOn ? { captcha: values.captcha.trim(), checkKey } : {}) });
      localStore.set(STORAGE_KEYS.username, username);
      if ((res.tenantList?.length ?? 0) > 1) {
        setTenants({ list: res.tenantList!, initial: res.userInfo.loginTenantId ?? undefined });
        return;
      }
      proceed();
    } catch (err) {
      setError((err as HttpError).message || '登录失败');
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
      <h3>{title}</h3>
      {error && (
        <div role="alert" className="login-error">
          {error}
        </div>
      )}
      <form onSubmit={submit} noValidate>
        {input('username', { placeholder: '请输入用户名', autoComplete: 'username' })}
        {input('password', { type: 'password', placeholder: '请输入密码', autoComplete: 'current-password' })}
        {captchaOn && (
          <div className="login-captcha">
            {input('captcha', { placeholder: '请输入验证码', autoComplete: 'off', maxLength: 4 })}
            <button type="button" className="login-captcha-image" onClick={refresh} title="看不清？换一张" aria-label="刷新验证码">
              {image ? <img src={image} alt="验证码" /> : '加载中…'}
            </button>
          </div>
        )}
        <button type="submit" className="login-submit" disabled={busy}>
          {busy ? '登录中…' : '登录'}
        </button>
        <div className="login-links">
          <Link to="/user/alteration">忘记密码</Link>
          <Link to="/user/register">注册账户</Link>
        </div>
      </form>
    </div>
  );
}
