import { useEffect } from 'react';
import { useDisplay } from './store';

/** Marks the page dark (body.dark-mode, the browser's own colour scheme) while the display setting says so. */
export function useDarkModeClass(): boolean {
  const dark = useDisplay((s) => s.darkMode);
  useEffect(() => {
    document.body.classList.toggle('dark-mode', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : '';
  }, [dark]);
  return dark;
}
