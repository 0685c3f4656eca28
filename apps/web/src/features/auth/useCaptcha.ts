import { useCallback, useEffect, useState } from 'react';
import { http } from '../../lib/http';

const newKey = () => `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;

/** The captcha image (GET /sys/randomImage/{checkKey}) and its key; refresh() draws a new one. */
export function useCaptcha(enabled: boolean) {
  const [checkKey, setCheckKey] = useState(newKey);
  const [image, setImage] = useState('');
  const refresh = useCallback(() => setCheckKey(newKey()), []);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    http
      .get<string>(`/sys/randomImage/${checkKey}`, undefined, { silent: true })
      .then((src) => live && setImage(src))
      .catch(() => live && setImage(''));
    return () => {
      live = false;
    };
  }, [checkKey, enabled]);
  return { checkKey, image, refresh };
}
