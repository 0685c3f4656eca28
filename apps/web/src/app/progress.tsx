// The navigation progress bar (nprogress): a short run on every route change, and held while a
// lazily loaded screen is on its way.
import { useEffect } from 'react';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// nprogress's own template carries role="bar", which is no ARIA role; the bar is decoration (the page says it is busy).
NProgress.configure({ showSpinner: false, barSelector: '.bar', template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>' });

export function useRouteProgress(key: string): void {
  useEffect(() => {
    NProgress.start();
    const id = setTimeout(() => NProgress.done(), 120);
    return () => clearTimeout(id);
  }, [key]);
  // leaving the shell within a run (signing out) finishes the bar; else it would trickle on the next page
  useEffect(() => () => void NProgress.done(), []);
}

/** Suspense fallback: the bar runs until the screen arrives. */
export function ProgressFallback() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return null;
}
