// The tab bar: click to switch, × to close, right-click anywhere on a tab for 关闭左侧 / 关闭右侧 / 关闭其他 / 刷新.
import { useState, type MouseEvent } from 'react';
import { Dropdown, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { TAB_MENU_KEYS } from '@anxue/shared/constants';
import { message } from '../../lib/antdStatic';
import { closeTab, runTabMenu, useTabs } from './store';
import { t } from '../../lib/i18n';
import { ownTitle, usePageTitles } from '../../lib/pageTitle';

/** The tab menu's entries, in the interface language (read at render time, once the catalogue is loaded). */
const contextItems = () => [
  { key: TAB_MENU_KEYS.closeLeft, label: t('关闭左侧') },
  { key: TAB_MENU_KEYS.closeRight, label: t('关闭右侧') },
  { key: TAB_MENU_KEYS.closeOthers, label: t('关闭其他') },
  { key: TAB_MENU_KEYS.refresh, label: t('刷新') },
];

/** Where the tab menu opens and for which tab: anywhere on a tab (title, padding or ×), home included. */
interface TabMenuAt {
  path: string;
  x: number;
  y: number;
}

export function MultiTab() {
  const navigate = useNavigate();
  const pages = useTabs((s) => s.pages);
  const active = useTabs((s) => s.active);
  const titles = usePageTitles();
  const [menuAt, setMenuAt] = useState<TabMenuAt | undefined>();
  const goActive = () => {
    const next = useTabs.getState().active;
    if (next !== active) navigate(next);
  };

  const items = pages.map((p) => ({
    key: p.fullPath,
    label: <span data-tab-path={p.fullPath}>{t(ownTitle(titles, p.fullPath) ?? p.title)}</span>,
    closable: true,
  }));

  const onContextMenu = (e: MouseEvent<HTMLDivElement>) => {
    const tab = (e.target as HTMLElement).closest<HTMLElement>('.ant-tabs-tab');
    const path = tab?.querySelector<HTMLElement>('[data-tab-path]')?.dataset.tabPath;
    if (!path) return;
    e.preventDefault();
    setMenuAt({ path, x: e.clientX, y: e.clientY });
  };

  return (
    <div onContextMenu={onContextMenu}>
      <Tabs
        className="multi-tab"
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        items={items}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => {
          if (action !== 'remove' || typeof key !== 'string') return;
          const res = closeTab(key);
          if (!res.ok) message.warning(res.warning);
          else goActive();
        }}
        style={{ marginBottom: 0 }}
      />
      <Dropdown
        open={!!menuAt}
        onOpenChange={(open) => !open && setMenuAt(undefined)}
        trigger={['contextMenu']}
        menu={{
          items: contextItems(),
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            if (menuAt) runTabMenu(key, menuAt.path);
            setMenuAt(undefined);
            goActive();
          },
        }}
      >
        {/* the menu's anchor: a point where the right-click happened */}
        <span aria-hidden style={{ position: 'fixed', left: menuAt?.x ?? 0, top: menuAt?.y ?? 0, width: 1, height: 1 }} />
      </Dropdown>
    </div>
  );
}
