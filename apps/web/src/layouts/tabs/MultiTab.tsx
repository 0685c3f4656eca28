// The tab bar: click to switch, × to close, right-click anywhere on a tab for 关闭左侧 / 关闭右侧 / 关闭其他 / 刷新.
import { useRef, useState, type MouseEvent } from 'react';
import { Dropdown, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { TAB_MENU_KEYS } from '@anxue/shared/constants';
import { message } from '../../lib/antd/static';
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

export function MultiTab() {
  const navigate = useNavigate();
  const pages = useTabs((s) => s.pages);
  const active = useTabs((s) => s.active);
  const titles = usePageTitles();
  // The tab the last right-click landed on; the dropdown (which opens at the pointer) acts on it.
  const target = useRef<string | undefined>(undefined);
  const [menuOpen, setMenuOpen] = useState(false);
  const goActive = () => {
    const next = useTabs.getState().active;
    if (next !== active) navigate(next);
  };

  const items = pages.map((p) => ({
    key: p.fullPath,
    label: <span data-tab-path={p.fullPath}>{t(ownTitle(titles, p.fullPath) ?? p.title)}</span>,
    closable: true,
  }));

  const onContextMenuCapture = (e: MouseEvent<HTMLDivElement>) => {
    const tab = (e.target as HTMLElement).closest<HTMLElement>('.ant-tabs-tab');
    target.current = tab?.querySelector<HTMLElement>('[data-tab-path]')?.dataset.tabPath;
  };

  return (
    <Dropdown
      open={menuOpen}
      // only a right-click on a tab opens the menu, not one on the bar's empty end
      onOpenChange={(open) => setMenuOpen(open && !!target.current)}
      trigger={['contextMenu']}
      menu={{
        items: contextItems(),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          if (target.current) runTabMenu(key, target.current);
          setMenuOpen(false);
          goActive();
        },
      }}
    >
      <div onContextMenuCapture={onContextMenuCapture}>
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
      </div>
    </Dropdown>
  );
}
