// 扫码登录: the page shows a code of 2 minutes (a link to this site's confirming page); a user signed in on
// another device (a phone) opens it and confirms; this page polls and signs in as that user. An expired
// code is replaced by a fresh one, as the original client does. Loaded only when the tab is chosen (antd's
// QRCode stays out of the sign-in page's entry chunk).
import { useCallback, useEffect, useRef, useState } from 'react';
import { QRCode } from 'antd';
import type { HttpError } from '../../lib/http';
import { newLoginQrcode, pollLoginQrcode, qrcodeConfirmUrl } from '../../lib/auth/login';
import type { LoginResult } from '../../lib/types';
import { t } from '../../lib/i18n';

export const QRCODE_POLL_MS = 1500;

export default function QrLoginForm({ onSignedIn }: { onSignedIn: (res: LoginResult) => void }) {
  const [code, setCode] = useState<{ qrcodeId: string; pollToken: string } | null>(null);
  const [state, setState] = useState<'waiting' | 'signing'>('waiting');
  const [error, setError] = useState('');
  const done = useRef(false);
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  const load = useCallback(() => {
    setError('');
    setState('waiting');
    newLoginQrcode()
      .then(setCode)
      .catch((err: HttpError) => setError(err.message || t('二维码获取失败')));
  }, []);

  useEffect(load, [load]);

  useEffect(() => {
    if (!code) return;
    let busy = false;
    const timer = setInterval(() => {
      if (busy || done.current) return;
      busy = true;
      pollLoginQrcode(code)
        .then((res) => {
          if (res.success && res.token && res.userInfo) {
            done.current = true;
            clearInterval(timer);
            setState('signing');
            signedIn.current(res as LoginResult);
          } else if (res.token === '-2') {
            clearInterval(timer);
            load();
          }
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, QRCODE_POLL_MS);
    return () => clearInterval(timer);
  }, [code, load]);

  return (
    <div className="login-qrcode">
      {error ? (
        <div role="alert" className="login-error">
          {error}
          <button type="button" className="login-link-button" onClick={load}>
            {t('重新获取')}
          </button>
        </div>
      ) : code ? (
        <div className="login-qrcode-image" data-url={qrcodeConfirmUrl(code.qrcodeId)}>
          <QRCode type="svg" value={qrcodeConfirmUrl(code.qrcodeId)} size={200} aria-label={t('登录二维码')} />
        </div>
      ) : (
        <div className="app-loading" />
      )}
      <p role="status">{state === 'signing' ? t('扫码成功，正在登录…') : t('请用已登录的手机扫描二维码，并在手机上确认登录')}</p>
    </div>
  );
}
