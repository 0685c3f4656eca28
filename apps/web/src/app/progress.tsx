// The navigation progress bar: a short run on every route change, held while a lazily loaded screen is on
// its way. Ours, not nprogress: nprogress reads offsetWidth to restart its transition, which laid out the
// whole page inside the task that had just rendered it (40 ms and more of the signed-in shell's first
// render). This bar is a fresh element whose CSS animation needs no layout to begin.
import { useEffect } from 'react';
import './progress.css';

const FADE_MS = 400;
let runs = 0; // runs begun and not yet done: a route change and a lazy screen may overlap
let bar: HTMLElement | null = null;
let fading: ReturnType<typeof setTimeout> | undefined;

function start() {
  if (runs++ > 0) return;
  clearTimeout(fading);
  bar?.remove();
  bar = document.createElement('div');
  bar.className = 'route-progress';
  bar.setAttribute('aria-hidden', 'true'); // decoration: the page itself says it is busy
  document.body.appendChild(bar);
  document.documentElement.classList.add('route-busy');
}

function done() {
  if (runs === 0 || --runs > 0) return;
  document.documentElement.classList.remove('route-busy');
  const finished = bar;
  finished?.classList.add('route-progress-done');
  fading = setTimeout(() => {
    finished?.remove();
    if (bar === finished) bar = null;
  }, FADE_MS);
}

/** Ends any run at once and removes the bar (tests, between files). */
export function stopRouteProgress(): void {
  runs = 0;
  clearTimeout(fading);
  bar?.remove();
  bar = null;
  document.documentElement.classList.remove('route-busy');
}

export function useRouteProgress(key: string): void {
  useEffect(() => {
    start();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      done();
    };
    const id = setTimeout(end, 120);
    // a newer route, or leaving the shell (signing out), ends this run
    return () => {
      clearTimeout(id);
      end();
    };
  }, [key]);
}

/** Suspense fallback: the bar runs until the screen arrives. */
export function ProgressFallback() {
  useEffect(() => {
    start();
    return done;
  }, []);
  return null;
}
