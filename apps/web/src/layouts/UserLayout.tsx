// The light layout of the sign-in, register and alteration pages (no shell code here). It carries the
// install's name, logo and footer (系统设置), the product name until they load or when unset.
import { Outlet, useLocation } from 'react-router';
import { useLayoutEffect } from 'react';
import { documentTitle } from '@anxue/shared/constants';
import { useBranding } from '../lib/branding';
import { useDarkModeClass } from '../lib/display/useDarkModeClass';
import './user-layout.css';
import { t } from '../lib/i18n';

/** Each page titled by what it is. */
const PAGE_TITLES: Record<string, string> = { '/user/register': '注册', '/user/register-result': '注册结果', '/user/alteration': '找回密码' };

export default function UserLayout() {
  const { name, logo, footer } = useBranding();
  const { pathname } = useLocation();
  const page = PAGE_TITLES[pathname] ?? t('登录');
  // the display setting of this browser holds here too, so a dark shell signs out to a dark page
  useDarkModeClass();
  useLayoutEffect(() => {
    document.title = documentTitle(name, t(page));
  }, [name, page]);
  return (
    <div className="user-layout">
      <header className="user-layout-brand">
        {logo && <img className="user-layout-logo" src={logo} alt="" />}
        <h1>{name}</h1>
        <p>{t('低代码管理后台 · 学生安全教育平台')}</p>
      </header>
      <main className="user-layout-main">
        <Outlet />
      </main>
      <footer className="user-layout-footer">{footer ?? `Copyright © ${new Date().getFullYear()} ${name}`}</footer>
    </div>
  );
}
