import { useEffect, useState } from 'react';
import { HEADER_AUTO_HIDE_SCROLL } from '@anxue/shared/constants';

/** Hides the header when scrolling down past 100 px (if enabled); scrolling up shows it again. */
export function useAutoHideHeader(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > HEADER_AUTO_HIDE_SCROLL && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}
