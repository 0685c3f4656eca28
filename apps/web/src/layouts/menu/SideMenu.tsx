// The sidebar (or top bar) menu built from the user's menu tree.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem } from '../../lib/types';
import { MenuIcon } from './icons';
import { collapseOpenKeys, findMenuItem, keysForLocation, nextOpenKeys, rootSubmenuKeys, toMenuNodes, type MenuNode } from './model';

type AntItem = Required<MenuProps>['items'][number];

function toAntItems(nodes: MenuNode[]): AntItem[] {
  return nodes.map((n) => {
    const icon = <MenuIcon name={n.icon} />;
    if (n.children) return { key: n.key, label: n.title, icon, children: toAntItems(n.children) };
    const label = n.target ? (
      <a href={n.href} target={n.target} rel="noopener noreferrer">
        {n.title}
      </a>
    ) : (
      n.title
    );
    return { key: n.key, label, icon };
  });
}

export interface SideMenuProps {
  menu: MenuItem[];
  collapsed?: boolean;
  mode?: 'inline' | 'horizontal';
  theme?: 'dark' | 'light';
  /** Announces a chosen entry (path and title), e.g. to close the mobile drawer. */
  onSelect?: (entry: { path: string; title: string }) => void;
}

export function SideMenu({ menu, collapsed = false, mode = 'inline', theme = 'light', onSelect }: SideMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const nodes = useMemo(() => toMenuNodes(menu), [menu]);
  const items = useMemo(() => toAntItems(nodes), [nodes]);
  const roots = useMemo(() => rootSubmenuKeys(nodes), [nodes]);
  const horizontal = mode === 'horizontal';
  const location = useMemo(() => keysForLocation(menu, pathname), [menu, pathname]);
  const [keys, setKeys] = useState(() => ({ open: collapsed ? [] : location.open, cached: location.open }));

  // The selected key follows the route; its ancestors open (remembered while collapsed).
  useEffect(() => {
    setKeys((k) => (collapsed ? { open: [], cached: location.open } : { open: horizontal ? k.open : location.open, cached: k.cached }));
  }, [location, collapsed, horizontal]);

  const wasCollapsed = useRef(collapsed);
  useEffect(() => {
    if (wasCollapsed.current !== collapsed) setKeys((k) => collapseOpenKeys(k, collapsed));
    wasCollapsed.current = collapsed;
  }, [collapsed]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = findMenuItem(menu, key);
    if (!item) return;
    if (item.meta?.target || (item.meta?.internalOrExternal && item.meta?.url)) return; // the <a> opens it
    navigate(key);
    onSelect?.({ path: key, title: item.meta?.title ?? key });
  };

  const openProps = horizontal
    ? {}
    : { openKeys: keys.open, onOpenChange: (open: string[]) => setKeys((k) => ({ ...k, open: nextOpenKeys(k.open, open, roots) })) };

  return <Menu mode={mode} theme={theme} items={items} selectedKeys={location.selected} onClick={onClick} {...openProps} style={{ borderInlineEnd: 0 }} />;
}
