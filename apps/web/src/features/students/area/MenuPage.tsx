// A page of the 学习园地 menu, shown only to a user who holds its entry (the server refuses the calls too).
// The refusal loads on its own: a page the user holds does not fetch it.
import { lazy, type ComponentType } from 'react';
import { useSession } from '../../../lib/session/store';
import { areaEntries } from './areaMenu';

const NotHeld = lazy(() => import('./NotHeld'));

export default function MenuPage({ menuKey, page: Page }: { menuKey: string; page: ComponentType }) {
  const menu = useSession((s) => s.permissionList);
  const held = areaEntries(menu).some((e) => e.key === menuKey);
  return held ? <Page /> : <NotHeld />;
}
