// The area's pages as a row of links on a wide screen. The entries that do not fit move, from the end,
// into a 更多 menu: their widths are measured once as drawn, then the row's width decides.
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../../lib/i18n';
import type { AreaEntry } from '../areaMenu';
import { EntryIcon, Icon } from './icons';
import { MenuButton } from './MenuButton';

/** How many entries fit in `room` px, given each one's width and the 更多 button's. */
export function entriesThatFit(widths: number[], moreWidth: number, room: number): number {
  const all = widths.reduce((a, w) => a + w, 0);
  if (all <= room) return widths.length;
  let used = moreWidth;
  let n = 0;
  while (n < widths.length && used + widths[n]! <= room) used += widths[n++]!;
  return n;
}

/** Remount it (a key) when the entries change, so their widths are measured again. */
export function TopNav({ entries, current }: { entries: AreaEntry[]; current?: string }) {
  const nav = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(entries.length);
  const measured = useRef<{ widths: number[]; more: number } | null>(null);
  const [ready, setReady] = useState(false);

  useLayoutEffect(() => {
    const el = nav.current;
    if (!el) return;
    // first drawn with every entry and the 更多 button: their widths
    const items = [...el.querySelectorAll<HTMLElement>('.area-topnav-item')];
    const more = el.querySelector<HTMLElement>('.area-topnav-more');
    measured.current = { widths: items.map((i) => i.getBoundingClientRect().width), more: more?.getBoundingClientRect().width ?? 0 };
    const fit = () => {
      const m = measured.current;
      if (m) setShown(entriesThatFit(m.widths, m.more, el.clientWidth));
    };
    fit();
    setReady(true);
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(fit);
    watch.observe(el);
    return () => watch.disconnect();
  }, []);

  const visible = entries.slice(0, shown);
  const rest = entries.slice(shown);
  // drawn before the first measurement too, so its width is known
  const moreNeeded = rest.length > 0 || !ready;
  return (
    <nav className="area-topnav" aria-label={t('学习园地导航')} ref={nav}>
      <ul className="area-topnav-list">
        {visible.map((e) => (
          <li key={e.key} className="area-topnav-item">
            <Link to={e.path} className={`area-topnav-link${e.key === current ? ' active' : ''}`} aria-current={e.key === current ? 'page' : undefined}>
              <EntryIcon entry={e.key} />
              <span>{e.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      {moreNeeded && (
        <div className="area-topnav-more">
          <MenuButton
            label={t('更多')}
            className={`area-topnav-link${rest.some((e) => e.key === current) ? ' active' : ''}`}
            items={rest.map((e) => ({ key: e.key, label: e.title, to: e.path, icon: <EntryIcon entry={e.key} />, current: e.key === current }))}
          >
            <Icon name="more" />
            <span>{t('更多')}</span>
          </MenuButton>
        </div>
      )}
    </nav>
  );
}
