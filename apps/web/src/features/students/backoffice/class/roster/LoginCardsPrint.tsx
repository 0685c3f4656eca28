// 打印登录卡: a card per student with the name, account, first password and the sign-in address as a QR
// code, laid out for A4 (two columns, cut lines). Shown once: the cards come from memory, not the server.
import { useEffect, useState } from 'react';
import { Button, Empty, QRCode } from 'antd';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '@anxue/shared/constants';
import { t } from '../../../../../lib/i18n';
import { heldCards, releaseCards } from './cards';
import './print.css';

export default function LoginCardsPrint() {
  const [held] = useState(heldCards);
  useEffect(() => releaseCards, []);
  const navigate = useNavigate();
  const address = `${window.location.origin}${LOGIN_PATH}`;
  if (!held?.cards.length) {
    return (
      <div className="login-cards-empty">
        <Empty description={t('登录卡只能在生成时查看一次，请返回班级页重新生成。')} />
        <Button onClick={() => navigate(-1)}>{t('返回')}</Button>
      </div>
    );
  }
  return (
    <div className="login-cards-page">
      <div className="login-cards-bar">
        <h1>
          {held.title} · {t('登录卡')}（{held.cards.length}）
        </h1>
        <Button onClick={() => navigate(-1)}>{t('返回')}</Button>
        <Button type="primary" onClick={() => window.print()}>
          {t('打印')}
        </Button>
      </div>
      <div className="login-cards">
        {held.cards.map((c) => (
          <section key={c.userId} className="login-card" aria-label={c.realname ?? c.username}>
            <div className="login-card-text">
              <div className="login-card-name">{c.realname}</div>
              {c.className && <div className="login-card-class">{[c.grade, c.className].filter(Boolean).join(' ')}</div>}
              <dl>
                <dt>{t('账号')}</dt>
                <dd data-testid="card-username">{c.username}</dd>
                <dt>{t('初始密码')}</dt>
                <dd data-testid="card-password" className="login-card-password">{c.password}</dd>
              </dl>
              <div className="login-card-note">{t('首次登录后须修改密码')}</div>
            </div>
            <div className="login-card-qr">
              <QRCode type="svg" value={address} size={112} bordered={false} aria-label={t('扫码打开登录页')} />
              <div className="login-card-address">{address}</div>
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
