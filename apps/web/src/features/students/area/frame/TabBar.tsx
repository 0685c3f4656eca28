// The area's pages as a bottom tab bar on a phone: the first few by priority, the rest in a 更多 sheet.
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../../lib/i18n';
import type { AreaEntry } from '../areaMenu';
import { Sheet } from '../components/ui/Sheet';
import { EntryIcon, Icon } from './icons';

/** What the bottom bar shows first; the rest sit under 更多. */
const TAB_PRIORITY = ['courseList', 'theoryQuestionList', 'dangerQuestionList', 'classStats', 'competitionTeamPerson'];
const TAB_SLOTS = 4;

export function splitTabs(entries: AreaEntry[]): { tabs: AreaEntry[]; more: AreaEntry[] } {
  if (entries.length <= TAB_SLOTS + 1) return { tabs: entries, more: [] };
  const rank = (e: AreaEntry) => {
    const i = TAB_PRIORITY.indexOf(e.key);
    return i < 0 ? TAB_PRIORITY.length : i;
  };
  const tabs = [...entries].sort((a, b) => rank(a) - rank(b)).slice(0, TAB_SLOTS);
  const chosen = new Set(tabs.map((tab) => tab.path));
  // the bar keeps the menu's order, so it matches the top navigation
  return { tabs: entries.filter((e) => chosen.has(e.path)), more: entries.filter((e) => !chosen.has(e.path)) };
}

export function TabBar({ entries, current }: { entries: AreaEntry[]; current?: string }) {
  const [moreOpen, setMoreOpen] = useState(false);
  const { tabs, more } = splitTabs(entries);
  const moreActive = more.some((e) => e.key === current);
  return (
    <>
      <nav className="area-tabbar" aria-label={t('学习园地导航')}>
        {tabs.map((e) => (
          <Link key={e.key} to={e.path} className={`area-tab${e.key === current ? ' active' : ''}`} aria-current={e.key === current ? 'page' : undefined}>
            <EntryIcon entry={e.key} />
            <span>{e.title}</span>
          </Link>
        ))}
        {more.length > 0 && (
          <button type="button" className={`area-tab${moreActive ? ' active' : ''}`} aria-haspopup="dialog" aria-expanded={moreOpen} onClick={() => setMoreOpen(true)}>
            <Icon name="more" />
            <span>{t('更多')}</span>
          </button>
        )}
      </nav>
      <Sheet open={moreOpen} title={t('更多')} onClose={() => setMoreOpen(false)}>
        <div className="area-more-grid">
          {more.map((e) => (
            <Link
              key={e.key}
              to={e.path}
              className={`area-more-item${e.key === current ? ' active' : ''}`}
              aria-current={e.key === current ? 'page' : undefined}
              onClick={() => setMoreOpen(false)}
            >
              <EntryIcon entry={e.key} />
              <span>{e.title}</span>
            </Link>
          ))}
        </div>
      </Sheet>
    </>
  );
}
