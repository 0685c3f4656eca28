// The signed-in shell is a lazy chunk. The guard starts loading it together with the permissions,
// and once loaded it renders directly (lazyScreen).
import { antdStylesPending } from '../lib/appAssets';
import { lazyScreen } from '../lib/lazyScreen';

const Shell = lazyScreen(() => {
  // the shell renders once antd's prepared stylesheet is in: fetched beside its code
  void antdStylesPending();
  return import('../layouts/BasicLayout');
});

export const loadShell = Shell.load;

/** The paths AppRoutes answers itself (the sign-in pages, the student area …); every other one but / is the shell's. */
const OWN_ROOTS = ['/user', '/students', '/oauth2-app', '/test', '/print', '/404', '/certificate'];

export function isShellPath(pathname: string): boolean {
  return pathname !== '/' && !OWN_ROOTS.some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

export function ShellRoute() {
  return <Shell />;
}
