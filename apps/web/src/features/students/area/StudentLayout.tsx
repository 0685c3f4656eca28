// The student area's own layout, phone-first: a top bar with who is signed in; the area's pages as a
// bottom tab bar on narrow screens and a top navigation on wide ones. Entries come from the 学习园地
// menu the user holds; a user who also holds back-office menus gets a 管理后台 link.
import { lazy, Suspense, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router';
import { documentTitle } from '@anxue/shared/constants';
import { useBranding } from '../../../lib/branding';
import { hasValidToken, useSession } from '../../../lib/session/store';
import { useDarkModeClass } from '../../../lib/display/useDarkModeClass';
import { t } from '../../../lib/i18n';
import { activeKey, AREA_ROOT, areaEntries, backOfficeTarget } from './areaMenu';
import { ReadAloudSwitch } from './components/readAloud';
import { Loading } from './components/ui/Loading';
import { AccountMenu } from './frame/AccountMenu';
import { Icon } from './frame/icons';
import { TabBar } from './frame/TabBar';
import { useWide } from './frame/useWide';
import './area.css';
import './frame/frame.css';

// a phone, the usual student's screen, never loads the wide screen's navigation
const TopNav = lazy(() => import('./frame/TopNav').then((m) => ({ default: m.TopNav })));

/** Large controls 44 px high: the smallest comfortable tap target on a phone. */
const PHONE_THEME: ThemeConfig = { token: { controlHeightLG: 44 } };

export function useSignedIn(): boolean {
  const token = useSession((s) => s.token);
  return !!token && hasValidToken();
}

/** `bell`: the notice bell the app hands in (it lives with the shell's header), shown to a signed-in user. */
export default function StudentLayout({ bell }: { bell?: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <AreaFrame bell={bell} />
    </QueryClientProvider>
  );
}

function AreaFrame({ bell }: { bell?: ReactNode }) {
  useDarkModeClass();
  const signedIn = useSignedIn();
  const menu = useSession((s) => s.permissionList);
  const entries = useMemo(() => (signedIn ? areaEntries(menu) : []), [menu, signedIn]);
  const backOffice = signedIn ? backOfficeTarget(menu) : undefined;
  const wide = useWide();
  const location = useLocation();
  const current = activeKey(location.pathname);
  const currentEntry = entries.find((e) => e.key === current);

  const siteName = useBranding().name;
  useLayoutEffect(() => {
    document.title = documentTitle(siteName, currentEntry?.title ?? t('学习园地'));
  }, [currentEntry, siteName]);

  return (
    <div className={`area ${wide ? 'area-wide' : 'area-narrow'}`}>
      <header className="area-header">
        <Link to={AREA_ROOT} className="area-brand">
          <Icon name="brand" />
          <span>{wide ? `${siteName} · ${t('学习园地')}` : t('学习园地')}</span>
        </Link>
        {wide && entries.length > 0 && (
          <Suspense fallback={<div className="area-topnav" />}>
            <TopNav key={entries.map((e) => `${e.key}:${e.title}`).join()} entries={entries} current={current} />
          </Suspense>
        )}
        {/* a visitor sees the welcome page, which carries the 登录 button */}
        {signedIn && (
          <div className="area-user">
            <ReadAloudSwitch />
            {bell && <span className="area-bell">{bell}</span>}
            <AccountMenu backOffice={backOffice} />
          </div>
        )}
      </header>
      <main className="area-content">
        {/* on a phone every control is a 44 px tap target */}
        <ConfigProvider componentSize={wide ? undefined : 'large'} theme={wide ? undefined : PHONE_THEME}>
          <Suspense fallback={<Loading rows={6} />}>
            <Outlet />
          </Suspense>
        </ConfigProvider>
      </main>
      {!wide && entries.length > 0 && <TabBar entries={entries} current={current} />}
    </div>
  );
}
