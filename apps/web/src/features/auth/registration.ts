// Whether self-registration is open now: an administrator switches it in 系统设置 at run time, so the
// sign-in and register pages ask the server (GET /sys/setting/public) instead of the page's start-up
// configuration. Unknown (loading, or the call failed) counts as closed.
import { useEffect, useState } from 'react';
import { http } from '../../lib/http';

export function useRegistrationOpen(): boolean | undefined {
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    http.get<{ registration: boolean }>('/sys/setting/public', undefined, { silent: true }).then(
      (r) => alive && setOpen(r.registration === true),
      () => alive && setOpen(false),
    );
    return () => {
      alive = false;
    };
  }, []);
  return open;
}
