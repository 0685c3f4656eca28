import { useEffect } from 'react';
import { applyWidth } from '../../lib/display/store';

/** Keeps the device flag in step with the window width. */
export function useDeviceWatcher(): void {
  useEffect(() => {
    const onResize = () => applyWidth(window.innerWidth);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
}
