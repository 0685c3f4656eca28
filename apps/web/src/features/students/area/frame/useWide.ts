// Whether the screen is wide enough for the top navigation (antd's md breakpoint, 768 px), from the
// browser's media query: no antd grid code for one question.
import { useSyncExternalStore } from 'react';

const WIDE = '(min-width: 768px)';

const query = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(WIDE) : undefined);

function subscribe(onChange: () => void): () => void {
  const list = query();
  if (!list) return () => {};
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !!query()?.matches,
    () => false,
  );
}
