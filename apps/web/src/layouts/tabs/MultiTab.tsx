// The tab bar: click to switch, × to close, right-click for 关闭左侧 / 关闭右侧 / 关闭其他 / 刷新.
import { Dropdown, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { TAB_MENU_KEYS } from '@anxue/shared/constants';
import { message } from '../../lib/antdStatic';
import { closeTab, runTabMenu, useTabs } from './store';

const CONTEXT_ITEMS = [
  { key: TAB_MENU_KEYS.closeLeft, label: '关闭左侧' },
  { key: TAB_MENU_KEYS.closeRight, label: '关闭右侧' },
  { key: TAB_MENU_KEYS.closeOthers, label: '关闭其他' },
  { key: TAB_MENU_KEYS.refresh, label: '刷新' },
];

export function MultiTab() {
  const navigate = useNavigate();
  const pages = useTabs((s) => s.pages);
  const active = useTabs((s) => s.active);
  const goActive = () => {
    const next = useTabs.getState().active;
    if (next !== active) navigate(next);
  };

  const items = pages.map((p) => ({
    key: p.fullPath,
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{
          items: CONTEXT_ITEMS,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            runTabMenu(key, p.fullPath);
            const next = useTabs.getState().active;
            if (next !== active) navigate(next);
          },
        }}
      >
        <span data-tab-path={p.fullPath}>{p.title}</span>
      </Dropdown>
    ),
    closable: true,
  }));

  return (
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
  );
}
