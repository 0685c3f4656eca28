// The header: sidebar toggle (side mode) or logo and horizontal menu (top mode), then menu search,
// notices, the language and the user menu.
import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { t } from '../../lib/i18n';
import type { MenuItem } from '../../lib/types';
import { Logo } from '../Logo';
import { SideMenu } from '../menu/SideMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { MenuSearch } from './MenuSearch';
import { NoticeBell } from './NoticeBell';
import { UserMenu } from './UserMenu';

export interface GlobalHeaderProps {
  menu: MenuItem[];
  topMenu: boolean;
  collapsed: boolean;
  mobile: boolean;
  theme: 'dark' | 'light';
  hidden: boolean;
  fixed: boolean;
  onToggle: () => void;
}

export function GlobalHeader({ menu, topMenu, collapsed, mobile, theme, hidden, fixed, onToggle }: GlobalHeaderProps) {
  const dark = topMenu && theme === 'dark';
  return (
    <Layout.Header
      className={`global-header${hidden ? ' header-hidden' : ''}${fixed ? ' header-fixed' : ''}${dark ? ' header-dark' : ''}`}
      style={{ padding: '0 12px', background: dark ? '#001529' : undefined, display: 'flex', alignItems: 'center', gap: 8, height: 56, lineHeight: '56px' }}
    >
      {topMenu && !mobile ? (
        <>
          <Logo dark={dark} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <SideMenu menu={menu} mode="horizontal" theme={theme} />
          </div>
        </>
      ) : (
        <>
          <Button type="text" aria-label={collapsed ? t('展开菜单') : t('收起菜单')} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={onToggle} />
          <div style={{ flex: 1 }} />
        </>
      )}
      <MenuSearch menu={menu} mobile={mobile} />
      <NoticeBell />
      <LanguageSwitch />
      <UserMenu compact={mobile} />
    </Layout.Header>
  );
}
