// The student area's own layout, phone-first: a top bar with who is signed in; the area's pages as a
// bottom tab bar on narrow screens and a top navigation on wide ones. Entries come from the 学习园地
// menu the user holds; a user who also holds back-office menus gets a 管理后台 link.
import { Suspense, useEffect, useMemo, useState, type ReactNode, useLayoutEffect } from 'react';
import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  DesktopOutlined,
  FileImageOutlined,
  FormOutlined,
  LogoutOutlined,
  MoonOutlined,
  PictureOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SunOutlined,
  ToolOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
  VideoCameraOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { Avatar, ConfigProvider, Drawer, Dropdown, Grid, Menu, Skeleton, type MenuProps, type ThemeConfig } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { documentTitle } from '@anxue/shared/constants';
import { Modal } from '../../../lib/antdStatic';
import { imageUrl } from '../../../lib/files';
import { useBranding } from '../../../lib/branding';
import { logout } from '../../../lib/auth/logout';
import { hasValidToken, useSession } from '../../../lib/session/store';
import { updateDisplay, useDisplay } from '../../../lib/display/store';
import { useDarkModeClass } from '../../../lib/display/useDarkModeClass';
import { t } from '../../../lib/i18n';
import { activeKey, AREA_ROOT, areaEntries, backOfficeTarget, type AreaEntry } from './areaMenu';
import { ReadAloudSwitch } from './components/readAloud';
import './area.css';

const ICONS: Record<string, ReactNode> = {
  courseList: <ReadOutlined />,
  pictureList: <PictureOutlined />,
  videoList: <VideoCameraOutlined />,
  posterList: <FileImageOutlined />,
  skillList: <ToolOutlined />,
  theoryQuestionList: <FormOutlined />,
  dangerQuestionList: <AlertOutlined />,
  competitionTeamPerson: <TrophyOutlined />,
  classStats: <BarChartOutlined />,
  family: <TeamOutlined />,
};
const iconOf = (key: string) => ICONS[key] ?? <AppstoreOutlined />;

/** Large controls 44 px high: the smallest comfortable tap target on a phone. */
const PHONE_THEME: ThemeConfig = { token: { controlHeightLG: 44 } };

/** What the bottom bar shows first; the rest sit under 更多. */
const TAB_PRIORITY = ['courseList', 'theoryQuestionList', 'dangerQuestionList', 'classStats', 'competitionTeamPerson'];
const TAB_SLOTS = 4;

function splitTabs(entries: AreaEntry[]): { tabs: AreaEntry[]; more: AreaEntry[] } {
  if (entries.length <= TAB_SLOTS + 1) return { tabs: entries, more: [] };
  const rank = (e: AreaEntry) => {
    const i = TAB_PRIORITY.indexOf(e.key);
    return i < 0 ? TAB_PRIORITY.length : i;
  };
  const tabs = [...entries].sort((a, b) => rank(a) - rank(b)).slice(0, TAB_SLOTS);
  const chosen = new Set(tabs.map((t) => t.path));
  // the bar keeps the menu's order, so it matches the top navigation
  return { tabs: entries.filter((e) => chosen.has(e.path)), more: entries.filter((e) => !chosen.has(e.path)) };
}

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
  const wide = !!Grid.useBreakpoint().md;
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
          <SafetyCertificateOutlined />
          <span>{wide ? `${siteName} · ${t('学习园地')}` : t('学习园地')}</span>
        </Link>
        {wide && entries.length > 0 && (
          <nav className="area-topnav" aria-label={t('学习园地导航')}>
            <Menu
              mode="horizontal"
              selectedKeys={current ? [current] : []}
              items={entries.map((e) => ({ key: e.key, icon: iconOf(e.key), label: <Link to={e.path}>{e.title}</Link> }))}
            />
          </nav>
        )}
        {/* a visitor sees the welcome page, which carries the 登录 button */}
        {signedIn && (
          <div className="area-user">
            <ReadAloudSwitch />
            {bell && <span className="area-bell">{bell}</span>}
            <UserBox backOffice={backOffice} />
          </div>
        )}
      </header>
      <main className="area-content">
        {/* on a phone every control is a 44 px tap target */}
        <ConfigProvider componentSize={wide ? undefined : 'large'} theme={wide ? undefined : PHONE_THEME}>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <Outlet />
          </Suspense>
        </ConfigProvider>
      </main>
      {!wide && entries.length > 0 && <TabBar entries={entries} current={current} />}
    </div>
  );
}

function UserBox({ backOffice }: { backOffice?: string }) {
  const navigate = useNavigate();
  const realname = useSession((s) => s.realname);
  const username = useSession((s) => s.username);
  const avatar = useSession((s) => s.avatar);
  const dark = useDisplay((s) => s.darkMode);
  // 加入班级 opens under 理论题库: a parent, who holds no study page, has nothing to join
  const studies = areaEntries(useSession((s) => s.permissionList)).some((e) => e.key === 'theoryQuestionList');
  const items: MenuProps['items'] = [
    ...(backOffice ? [{ key: 'backOffice', icon: <DesktopOutlined />, label: t('管理后台') }] : []),
    ...(studies ? [{ key: 'joinClass', icon: <UsergroupAddOutlined />, label: t('加入班级') }] : []),
    { key: 'darkMode', icon: dark ? <SunOutlined /> : <MoonOutlined />, label: dark ? t('浅色模式') : t('暗黑模式') },
    { key: 'logout', icon: <LogoutOutlined />, label: t('退出登录') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'backOffice' && backOffice) navigate(backOffice);
    if (key === 'joinClass') navigate(`${AREA_ROOT}/joinClass`);
    if (key === 'darkMode') updateDisplay({ darkMode: !dark });
    if (key === 'logout') {
      Modal.confirm({
        title: t('退出登录'),
        content: t('确定要退出登录吗？'),
        okText: t('退出'),
        cancelText: t('取消'),
        onOk: async () => {
          navigate(AREA_ROOT, { replace: true });
          await logout();
        },
      });
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      {/* the name holds the user's name it shows, so speech control finds the button by what is on screen */}
      <button type="button" className="area-user-button" aria-label={t('我的账号 {name}', { name: realname || username })}>
        <Avatar size="small" src={avatar ? imageUrl(avatar) : undefined} icon={<UserOutlined />} />
        <span className="area-user-name">{realname || username}</span>
      </button>
    </Dropdown>
  );
}

function TabBar({ entries, current }: { entries: AreaEntry[]; current?: string }) {
  const [moreOpen, setMoreOpen] = useState(false);
  const { tabs, more } = splitTabs(entries);
  const moreActive = more.some((e) => e.key === current);
  return (
    <>
      <nav className="area-tabbar" aria-label={t('学习园地导航')}>
        {tabs.map((e) => (
          <Link key={e.key} to={e.path} className={`area-tab${e.key === current ? ' active' : ''}`} aria-current={e.key === current ? 'page' : undefined}>
            {iconOf(e.key)}
            <span>{e.title}</span>
          </Link>
        ))}
        {more.length > 0 && (
          <button type="button" className={`area-tab${moreActive ? ' active' : ''}`} onClick={() => setMoreOpen(true)}>
            <AppstoreOutlined />
            <span>{t('更多')}</span>
          </button>
        )}
      </nav>
      <Drawer rootClassName="area-sheet" placement="bottom" title={t('更多')} open={moreOpen} onClose={() => setMoreOpen(false)} height="auto">
        <div className="area-more-grid">
          {more.map((e) => (
            <Link key={e.key} to={e.path} className="area-more-item" onClick={() => setMoreOpen(false)}>
              {iconOf(e.key)}
              <span>{e.title}</span>
            </Link>
          ))}
        </div>
      </Drawer>
    </>
  );
}
