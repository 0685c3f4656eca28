// The light layout of the sign-in, register and alteration pages (no shell code here).
import { Outlet, useLocation } from 'react-router';
import { useEffect, useLayoutEffect } from 'react';
import { documentTitle } from '@anxue/shared/constants';
import { appConfig } from '../lib/runtimeConfig';
import './user-layout.css';
import { t } from '../lib/i18n';

/** Each page titled by what it is. */
const PAGE_TITLES: Record<string, string> = { '/user/register': '注册', '/user/register-result': '注册结果', '/user/alteration': '找回密码' };

export default function UserLayout() {
  const { title } = appConfig();
  const { pathname } = useLocation();
  const page = PAGE_TITLES[pathname] ?? t('登录');
  useLayoutEffect(() => {
    document.title = documentTitle(t(title), t(page));
  }, [title, page]);
  return (
    <div style={{ minHeight: '100vh', background: 'linear-gradient(180deg,#e6f4ff 0%,#f5f7fa 60%)', padding: '72px 16px 24px' }}>
      <div style={{ textAlign: 'center', marginBottom: 32 }}>
        <h1 style={{ fontSize: 30, margin: 0, fontWeight: 600 }}>{t(title)}</h1>
        <p style={{ color: 'rgba(0,0,0,.45)', marginTop: 8 }}>{t('低代码管理后台 · 学生安全教育平台')}</p>
      </div>
      <div style={{ maxWidth: 368, margin: '0 auto' }}>
        <Outlet />
      </div>
    </div>
  );
}
