// A countdown that follows the server: it restarts from every remainingSeconds the server sends and
// counts by the wall clock (not by ticks, which a background tab slows down).
import { useEffect, useRef, useState } from 'react';

/** Seconds left (null without a limit); `onZero` runs once when it reaches 0. */
export function useCountdown(remainingSeconds: number | null | undefined, onZero?: () => void): number | null {
  const [left, setLeft] = useState<number | null>(remainingSeconds ?? null);
  const zeroRef = useRef(onZero);
  zeroRef.current = onZero;

  useEffect(() => {
    if (remainingSeconds === null || remainingSeconds === undefined) {
      setLeft(null);
      return;
    }
    const deadline = Date.now() + remainingSeconds * 1000;
    let fired = false;
    const tick = () => {
      const next = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(next);
      if (next === 0 && !fired) {
        fired = true;
        zeroRef.current?.();
      }
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [remainingSeconds]);

  return left;
}
