// The sign-in page's other ways in: one button per enabled third-party provider, 单点登录 when a CAS
// server is configured, and what came back from them (a provider's refusal ?thirdLoginError=…, or the
// ticket CAS sends back ?ticket=…, validated here). Plain HTML, like the rest of the sign-in page.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '@anxue/shared/constants';
import type { HttpError } from '../../lib/http';
import { appConfig } from '../../lib/runtimeConfig';
import { fetchThirdProviders, finishCasLogin, startCasLogin, startThirdLogin, type ThirdProvider } from './thirdLogin';
import './third-login.css';
import { t } from '../../lib/i18n';

export default function ThirdLoginButtons() {
  const location = useLocation();
  const navigate = useNavigate();
  const cas = appConfig().casServerUrl;
  const [providers, setProviders] = useState<ThirdProvider[]>([]);
  const [casError, setCasError] = useState('');
  const query = new URLSearchParams(location.search);
  const refused = query.get('thirdLoginError');
  const ticket = cas ? query.get('ticket') : null;
  const validating = useRef(false);

  useEffect(() => {
    let live = true;
    fetchThirdProviders()
      .then((list) => live && setProviders(Array.isArray(list) ? list : []))
      .catch(() => live && setProviders([]));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!ticket || validating.current) return;
    validating.current = true;
    finishCasLogin(ticket)
      .then(() => navigate(HOME_PATH, { replace: true }))
      .catch((err: HttpError) => setCasError(err.message || t('单点登录失败')));
  }, [ticket, navigate]);

  const error = casError || refused;
  if (!providers.length && !cas && !error) return null;
  return (
    <div className="login-third">
      {error && (
        <div role="alert" className="login-error">
          {error}
        </div>
      )}
      {ticket && !casError && <p role="status">{t('正在单点登录…')}</p>}
      {(providers.length > 0 || cas) && (
        <>
          <div className="login-third-title">{t('其他登录方式')}</div>
          <div className="login-third-buttons">
            {cas && (
              <button type="button" className="login-third-button" onClick={() => startCasLogin(cas)}>
                {t('单点登录')}
              </button>
            )}
            {providers.map((p) => (
              <button key={p.thirdType} type="button" className="login-third-button" onClick={() => startThirdLogin(p.thirdType)}>
                {p.name}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
