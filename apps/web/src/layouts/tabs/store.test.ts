import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@anxue/shared/constants';
import { closeTab, keepAliveNames, onPageClosed, openTab, resetTabs, runTabMenu, useTabs, WARN_CLOSE_HOME, WARN_CLOSE_LAST } from './store';

const paths = () => useTabs.getState().pages.map((p) => p.fullPath);
const active = () => useTabs.getState().active;

beforeEach(() => {
  localStorage.clear();
  resetTabs();
  for (const p of ['/a', '/b', '/c', '/d']) openTab({ fullPath: p, title: p });
});

describe('tabs', () => {
  it('opens tabs keyed by full path after the home tab, without duplicates', () => {
    openTab({ fullPath: '/b', title: 'b' });
    openTab({ fullPath: '/b?x=1', title: 'b' });
    expect(paths()).toEqual(['/dashboard/analysis', '/a', '/b', '/c', '/d', '/b?x=1']);
    expect(active()).toBe('/b?x=1');
  });

  it('the home tab cannot be closed; the last page cannot be closed', () => {
    expect(closeTab('/dashboard/analysis')).toEqual({ ok: false, warning: WARN_CLOSE_HOME });
    openTab({ fullPath: '/only', title: 'only' }, false);
    expect(paths()).toEqual(['/only']);
    expect(closeTab('/only')).toEqual({ ok: false, warning: WARN_CLOSE_LAST });
  });

  it('closing the active tab activates its neighbour and emits page-closed', () => {
    const closed: string[] = [];
    const off = onPageClosed((p) => closed.push(p.fullPath));
    openTab({ fullPath: '/b', title: 'b' });
    expect(closeTab('/b')).toEqual({ ok: true });
    expect(active()).toBe('/c');
    closeTab('/d');
    expect(active()).toBe('/c');
    expect(closed).toEqual(['/b', '/d']);
    off();
  });

  it('context menu: 1 close left, 2 close right, 3 close others (home stays), 4 refresh', () => {
    runTabMenu('1', '/c');
    expect(paths()).toEqual(['/dashboard/analysis', '/c', '/d']);
    runTabMenu('2', '/c');
    expect(paths()).toEqual(['/dashboard/analysis', '/c']);
    expect(active()).toBe('/c');
    openTab({ fullPath: '/e', title: 'e' });
    runTabMenu('3', '/e');
    expect(paths()).toEqual(['/dashboard/analysis', '/e']);
    runTabMenu('4', '/e');
    runTabMenu('4', '/e');
    expect(useTabs.getState().refreshSeq['/e']).toBe(2);
  });

  it('kept-alive names are remembered and released when their tab closes', () => {
    openTab({ fullPath: '/dashboard/workplace', title: '工作台', keepAlive: true, componentName: 'Workplace' });
    expect(keepAliveNames()).toEqual(['Workplace']);
    expect(localStorage.getItem(STORAGE_KEYS.keepAliveNames)).toContain('Workplace');
    closeTab('/dashboard/workplace');
    expect(keepAliveNames()).toEqual([]);
  });

  it('single-tab mode keeps only the current route', () => {
    openTab({ fullPath: '/x', title: 'x' }, false);
    expect(paths()).toEqual(['/x']);
  });
});
