import { useDeferredValue } from 'react';

/**
 * False in a component's first render, true in a deferred one right after: what is drawn behind it gets a
 * commit of its own, in a render React splits into short slices and may interrupt for input. Used where
 * one commit of everything held the browser for 100 ms and more (the shell, its frame, a list's table).
 */
export function useDrawLater(): boolean {
  return useDeferredValue(true, false);
}
