// A page that knows a better title than its menu entry names itself (a generated online form shows the
// form's own name, not "Online表单"); the tab and the document title show that name.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';

/** Titles pages gave themselves, by path (without the query). */
export const usePageTitles = create<Record<string, string>>(() => ({}));

export function setPageTitle(path: string, title: string): void {
  usePageTitles.setState({ [path.split('?')[0]!]: title });
}

/** The title a page gave itself for `fullPath`, if any. */
export function ownTitle(titles: Record<string, string>, fullPath: string): string | undefined {
  return titles[fullPath.split('?')[0]!];
}

/** Names the current page `title` (once known). */
export function usePageTitle(title: string | undefined | null): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (title) setPageTitle(pathname, title);
  }, [pathname, title]);
}
