// A button that opens a short menu (the account menu, the top navigation's 更多): the WAI-ARIA menu
// button. The menu's entries are buttons or links with role menuitem; arrow keys, Home and End move
// between them, Esc closes and gives focus back to the button, a tap outside or Tab closes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface MenuEntry {
  key: string;
  label: string;
  icon?: ReactNode;
  /** a link to this address (the page navigates itself), else a button calling onSelect */
  to?: string;
  onSelect?: () => void;
  /** the page shown now (a link) */
  current?: boolean;
}

export interface MenuButtonProps {
  /** the button's accessible name */
  label: string;
  /** what the button shows */
  children: ReactNode;
  items: MenuEntry[];
  className?: string;
}

export function MenuButton({ label, children, items, className }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  // which entry takes focus when the menu opens: the first, or the last (ArrowUp on the button)
  const [start, setStart] = useState<'first' | 'last'>('first');
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const entries = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = entries();
    (start === 'last' ? list[list.length - 1] : list[0])?.focus();
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, start]);

  const openWith = (at: 'first' | 'last') => {
    setStart(at);
    setOpen(true);
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openWith(e.key === 'ArrowUp' ? 'last' : 'first');
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const list = entries();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === ' ' && document.activeElement instanceof HTMLAnchorElement) {
      // Space chooses a link entry as it does a button
      e.preventDefault();
      document.activeElement.click();
    }
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') setOpen(false);
  };
  const chosen = (entry: MenuEntry) => {
    close(true);
    entry.onSelect?.();
  };

  return (
    <div className="area-menu-root" ref={root}>
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      {open && (
        <div ref={menu} id={id} role="menu" aria-label={label} className="area-menu" onKeyDown={onMenuKey}>
          {items.map((item) =>
            item.to ? (
              <Link
                key={item.key}
                role="menuitem"
                tabIndex={-1}
                to={item.to}
                className={`area-menu-item${item.current ? ' active' : ''}`}
                aria-current={item.current ? 'page' : undefined}
                onClick={() => chosen(item)}
              >
                {item.icon}
                <span>{item.label}</span>
              </Link>
            ) : (
              <button key={item.key} type="button" role="menuitem" tabIndex={-1} className="area-menu-item" onClick={() => chosen(item)}>
                {item.icon}
                <span>{item.label}</span>
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
