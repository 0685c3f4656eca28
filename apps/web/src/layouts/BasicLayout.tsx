// The signed-in shell (lazy chunk): side- or top-menu layout, header, tabs, breadcrumb, the routed
// page with keep-alive, footer. Routes come from the user's menu (built once per menu).
import { useEffect, useMemo, useLayoutEffect } from 'react';
import { Drawer, Layout, Result } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Navigate, useLocation } from 'react-router';
import { FIXED_SIDER_WIDTH, HOME_PATH, SIDER_WIDTH, documentTitle } from '@anxue/shared/constants';
import { AntdProvider } from '../components/antd/AntdProvider';
import { buildRoutes, type PageRoute } from '../app/menu/buildRoutes';
import { containerTarget, matchPageRoute } from '../app/menu/matchRoute';
import { PageHeader } from '../components/page/PageHeader';
import { appConfig } from '../lib/runtimeConfig';
import { currentLocale, t } from '../lib/i18n';
import { ownTitle, usePageTitles } from '../lib/pageTitle';
import { useSession } from '../lib/session/store';
import { useDrawLater } from '../lib/drawLater';
import { updateDisplay, useDisplay } from '../lib/display/store';
import { useDarkModeClass } from '../lib/display/useDarkModeClass';
import { useDeviceWatcher } from './display/useDeviceWatcher';
import { GlobalFooter } from './GlobalFooter';
import { useBranding } from '../lib/branding';
import { GlobalHeader } from './header/GlobalHeader';
import { Logo } from './Logo';
import { SideMenu } from './menu/SideMenu';
import { KeepAliveView } from './tabs/KeepAliveView';
import { MultiTab } from './tabs/MultiTab';
import { openTab } from './tabs/store';
import { useAutoHideHeader } from './useAutoHideHeader';
import './layout.css';

// Dates in Chinese for every signed-in page (the sign-in page shows none).
dayjs.locale(currentLocale() === 'en-US' ? 'en' : 'zh-cn');

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });

function useRoutes() {
  const menu = useSession((s) => s.permissionList);
  const codeList = useSession((s) => s.codeList);
  const token = useSession((s) => s.token);
  return useMemo(() => {
    try {
      const { apiBase, domianURL = '', title } = appConfig();
      return { ...buildRoutes(menu, { codeList, templateContext: { apiBase, domianURL, title, token } }), error: null };
    } catch (e) {
      return { tree: [] as PageRoute[], flat: [] as PageRoute[], error: e as Error };
    }
  }, [menu, codeList, token]);
}

export default function BasicLayout() {
  // The shell arrives with the permissions, in a render React may not interrupt: drawn there, menu, header
  // and page were one task of 200 ms and more on signing in. That render now draws only the page's
  // background; the frame follows in renders React splits into short slices, and the page after it.
  const start = useDrawLater();
  if (!start) return <div className="shell-placeholder" aria-busy="true" />;
  return (
    <AntdProvider>
      <Shell />
    </AntdProvider>
  );
}

function Shell() {
  useDeviceWatcher();
  const display = useDisplay();
  const menu = useSession((s) => s.permissionList) ?? [];
  const routes = useRoutes();
  const location = useLocation();
  const fullPath = location.pathname + location.search;
  const match = matchPageRoute(routes.flat, location.pathname);
  const route = match?.route;
  const mobile = display.device === 'mobile';
  const multipage = display.multipage && !mobile;
  const topMenu = display.layout === 'topmenu' && !mobile;
  const collapsed = !display.sidebarOpened;
  const headerHidden = useAutoHideHeader(display.fixedHeader && display.autoHideHeader);
  // the frame (menu, header, tabs) is committed first, the page inside it in a commit of its own
  const frameDrawn = useDrawLater();

  useEffect(() => {
    if (!route || route.isContainer) return;
    openTab({ fullPath, title: route.meta.title, componentName: route.meta.componentName, keepAlive: route.meta.keepAlive }, multipage);
  }, [fullPath, route, multipage]);

  const ownPageTitle = usePageTitles((titles) => ownTitle(titles, location.pathname));
  const siteName = useBranding().name;
  useLayoutEffect(() => {
    document.title = documentTitle(siteName, ownPageTitle ?? route?.meta.title, location.pathname === HOME_PATH);
  }, [route, location.pathname, ownPageTitle, siteName]);

  useEffect(() => {
    document.body.classList.toggle('color-weak', display.colorWeak);
  }, [display.colorWeak]);

  useDarkModeClass();

  if (routes.error) return <Result status="error" title="系统启动失败" subTitle={routes.error.message} />;
  if (!route) return <Navigate to="/404" replace />;
  if (route.isContainer) return <Navigate to={containerTarget(route) ?? '/404'} replace />;

  const toggle = () => updateDisplay({ sidebarOpened: !display.sidebarOpened });
  const siderWidth = display.fixSiderbar ? FIXED_SIDER_WIDTH.open : SIDER_WIDTH;
  const siderTheme = display.navTheme;
  const sideMenu = (inDrawer: boolean) => (
    <>
      <Logo dark={siderTheme === 'dark'} collapsed={!inDrawer && collapsed} />
      <SideMenu menu={menu} collapsed={!inDrawer && collapsed} theme={siderTheme} onSelect={inDrawer ? () => updateDisplay({ sidebarOpened: false }) : undefined} />
    </>
  );
  const siderSpace = display.fixSiderbar && !topMenu && !mobile ? (collapsed ? FIXED_SIDER_WIDTH.collapsed : FIXED_SIDER_WIDTH.open) : 0;

  return (
    <QueryClientProvider client={queryClient}>
      <Layout style={{ minHeight: '100vh' }}>
        {!topMenu && !mobile && (
          <Layout.Sider
            width={siderWidth}
            collapsedWidth={FIXED_SIDER_WIDTH.collapsed}
            collapsible
            collapsed={collapsed}
            trigger={null}
            theme={siderTheme}
            className={display.fixSiderbar ? 'fixed-sider' : undefined}
            style={{ boxShadow: '2px 0 6px rgba(0,21,41,.08)' }}
          >
            {sideMenu(false)}
          </Layout.Sider>
        )}
        {mobile && (
          <Drawer
            placement="left"
            open={display.sidebarOpened}
            onClose={() => updateDisplay({ sidebarOpened: false })}
            width={SIDER_WIDTH}
            closable={false}
            styles={{ body: { padding: 0, background: siderTheme === 'dark' ? '#001529' : '#fff' } }}
          >
            {sideMenu(true)}
          </Drawer>
        )}
        <Layout style={{ marginLeft: siderSpace }}>
          <GlobalHeader
            menu={menu}
            topMenu={topMenu}
            collapsed={collapsed}
            mobile={mobile}
            theme={display.navTheme}
            hidden={headerHidden}
            fixed={display.fixedHeader}
            onToggle={toggle}
          />
          {multipage && <MultiTab />}
          <PageHeader trail={route.trail} title={route.meta.title} />
          <Layout.Content className={`page-content${topMenu && display.contentWidth === 'Fixed' ? ' content-fixed' : ''}`}>
            {frameDrawn && <KeepAliveView fullPath={fullPath} route={route} />}
          </Layout.Content>
          <GlobalFooter />
        </Layout>
      </Layout>
    </QueryClientProvider>
  );
}
