// Routed view with keep-alive (spec/01 §2): pages whose meta has keepAlive and a componentName stay
// mounted but hidden (React's <Activity>) while another tab shows; at most MAX_KEPT are kept and
// closing a tab releases its page. Refresh changes the key, which remounts the page.
import { Activity, useEffect, useState } from 'react';
import type { PageRoute } from '../../app/menu/buildRoutes';
import { PageSlot } from './PageSlot';
import { onPageClosed, useTabs } from './store';

export const MAX_KEPT = 10;

interface Entry {
  fullPath: string;
  route: PageRoute;
}

const keeps = (route: PageRoute) => !!route.meta.keepAlive && !!route.meta.componentName;

export function KeepAliveView({ fullPath, route }: Entry) {
  const [kept, setKept] = useState<Entry[]>([]);
  const refreshSeq = useTabs((s) => s.refreshSeq);

  useEffect(() => {
    if (!keeps(route)) return;
    setKept((list) => [...list.filter((e) => e.fullPath !== fullPath), { fullPath, route }].slice(-MAX_KEPT));
  }, [fullPath, route]);

  useEffect(() => onPageClosed((page) => setKept((list) => list.filter((e) => e.fullPath !== page.fullPath))), []);

  const entries = kept.some((e) => e.fullPath === fullPath) ? kept : [...kept, { fullPath, route }];
  return (
    <>
      {entries.map((e) => (
        <Activity key={`${e.fullPath}#${refreshSeq[e.fullPath] ?? 0}`} mode={e.fullPath === fullPath ? 'visible' : 'hidden'}>
          <PageSlot route={e.route} />
        </Activity>
      ))}
    </>
  );
}
