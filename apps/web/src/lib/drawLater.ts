import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first commit, true in a render that follows it: what is drawn behind it gets a
 * commit of its own, in a render React splits into short slices and may interrupt for input. Used where
 * one commit of everything held the browser for 100 ms and more (the shell, its frame, a list's table).
 * The flip waits for the first commit's effects, which run after the browser has drawn it, so the next
 * commit's measurements meet a page already laid out. (useDeferredValue does not split here: inside a
 * render that is itself deferred it answers true at once, so nested uses drew in one commit.)
 */
export function useDrawLater(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    startTransition(() => setDrawn(true));
  }, []);
  return drawn;
}
