// /oauth2-app/login: where third-party sign-in lands, and the entry of mobile and embedded apps.
// - ?oauth2LoginToken=…&thirdType=… (the provider's callback sends the browser here): the one-time token
//   is exchanged for the session (GET /sys/thirdLogin/getLoginUser/{token}/{thirdType}), then home.
// - ?thirdType=… alone: the sign-in with that provider starts at once, no password form: an app's web view
//   or a workplace chat's in-app browser opens this address and its user is signed in by the provider.
// - otherwise: the account sign-in.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '@anxue/shared/constants';
import LoginPage from '../../features/auth/LoginPage';
import { finishThirdLogin, startThirdLogin } from '../../features/auth/thirdLogin';
import type { HttpError } from '../../lib/http';
import type { Tenant } from '../../lib/types';

const TenantStep = lazy(() => import('../../features/auth/TenantStep'));

export default function OAuth2Login() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search);
  const token = query.get('oauth2LoginToken');
  const thirdType = query.get('thirdType');
  const [error, setError] = useState('');
  const [tenants, setTenants] = useState<{ list: Tenant[]; initial?: number | string } | null>(null);
  const started = useRef(false);
  const home = () => navigate(HOME_PATH, { replace: true });

  useEffect(() => {
    if (started.current || !thirdType) return;
    started.current = true;
    if (!token) {
      startThirdLogin(thirdType);
      return;
    }
    finishThirdLogin(token, thirdType)
      .then((res) => {
        // the tenant step of any sign-in, when the user belongs to several
        if ((res.tenantList?.length ?? 0) > 1) setTenants({ list: res.tenantList!, initial: res.userInfo.loginTenantId ?? undefined });
        else home();
      })
      .catch((err: HttpError) => setError(err.message || '第三方登录失败，请重新登录'));
  }, [token, thirdType]);

  if (tenants) {
    return (
      <Suspense fallback={<div className="app-loading" />}>
        <TenantStep tenants={tenants.list} initial={tenants.initial} onDone={home} />
      </Suspense>
    );
  }

  if (thirdType && !error) {
    return (
      <div className="login-panel">
        <h3>第三方登录</h3>
        <p role="status">{token ? '正在登录…' : '正在跳转到第三方登录…'}</p>
      </div>
    );
  }
  return (
    <>
      {error && (
        <div role="alert" className="login-error">
          {error}
        </div>
      )}
      <LoginPage title="账号密码登录" />
    </>
  );
}
