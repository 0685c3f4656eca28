// /oauth2-app/qrcode?qrcodeId=…: what a signed-in phone opens from the sign-in page's QR code. Signing in
// here first is the route guard's business (the page is not open to visitors); then the user confirms that
// the other screen signs in as them, or declines.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '@anxue/shared/constants';
import type { HttpError } from '../../lib/http';
import { confirmLoginQrcode } from '../../lib/auth/login';
import { useSession } from '../../lib/session/store';
import { t } from '../../lib/i18n';

export default function QrConfirmPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const qrcodeId = new URLSearchParams(location.search).get('qrcodeId') ?? '';
  const username = useSession((s) => s.username);
  const realname = useSession((s) => s.realname);
  // the name sits inside the sentence, where each language puts it
  const [before, after] = t('确认在另一台设备上以 {who} 登录？').split('{who}');
  const [state, setState] = useState<'ask' | 'busy' | 'done'>('ask');
  const [error, setError] = useState(qrcodeId ? '' : t('二维码无效'));

  const confirm = async () => {
    setState('busy');
    setError('');
    try {
      await confirmLoginQrcode(qrcodeId);
      setState('done');
    } catch (err) {
      setState('ask');
      setError((err as HttpError).message || t('确认失败'));
    }
  };

  return (
    <div className="login-panel">
      <h3>{t('扫码登录')}</h3>
      {state === 'done' ? (
        <p role="status">{t('已确认，另一台设备正在登录')}</p>
      ) : (
        <>
          <p>
            {before}
            <strong>{realname || username}</strong> ({username})
            {after}
          </p>
          {error && (
            <div role="alert" className="login-error">
              {error}
            </div>
          )}
          <button type="button" className="login-submit" disabled={!qrcodeId || state === 'busy'} onClick={confirm}>
            {state === 'busy' ? t('确认中…') : t('确认登录')}
          </button>
        </>
      )}
      <button type="button" className="login-link-button" onClick={() => navigate(HOME_PATH, { replace: true })}>
        {state === 'done' ? t('返回首页') : t('取消')}
      </button>
    </div>
  );
}
