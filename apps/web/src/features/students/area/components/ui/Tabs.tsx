// Tabs: a tablist of buttons over the chosen tab's panel (only that one is rendered). Arrow keys, Home and
// End move between the tabs and choose them, as a screen reader user expects of a tablist.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './ui.css';

export interface TabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  /** names the tab list for a screen reader */
  label?: string;
}

export function Tabs({ items, activeKey, onChange, label }: TabsProps) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const active = items.find((i) => i.key === activeKey) ?? items[0];
  const move = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next: number;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else return;
    e.preventDefault();
    onChange(items[next].key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className="ui-tabs">
      <div className="ui-tabs-list" role="tablist" aria-label={label} ref={list}>
        {items.map((item, index) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={selected ? `${id}-panel` : undefined}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'ui-tab ui-tab-active' : 'ui-tab'}
              onClick={() => onChange(item.key)}
              onKeyDown={(e) => move(e, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div className="ui-tabs-panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active.key}`}>
          {active.children}
        </div>
      )}
    </div>
  );
}
