// The route guard of spec/01 §2 as a layout route: decide, then redirect, load permissions or render.
// Where a signed-in user lands (on / and the home page at sign-in) is landingPath's choice.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { toastError } from '../../lib/notices';
import { fetchPermissions, takeLandingHint } from '../../lib/auth/login';
import { logout } from '../../lib/auth/logout';
import { hasValidToken, useSession } from '../../lib/session/store';
import { assertUsableMenu, WrongVersionMenuError } from '../menu/buildRoutes';
import { useRouteProgress } from '../progress';
import { isShellPath, loadShell } from '../shellLoader';
import { loadStudentArea } from '../studentAreaLoader';
import { HOME_PATH } from '@anxue/shared/constants';
import { redirectTarget } from '../../lib/navigation';
import { decide, landingPath, loginRedirect, rememberArea, rememberedArea, STUDENT_AREA_PATH, type LandingArea } from './decide';
import type { PermissionResult } from '../../lib/types';
import { FIRST_PASSWORD_PATH } from '../../features/auth/firstPassword';

const StartupFailure = lazy(() => import('./StartupFailure'));

const atHome = (pathname: string) => pathname === HOME_PATH || pathname === '/';

/**
 * Set while this load's permissions are fetched at / or the home page (after signing in, on a reload):
 * the user lands in their area once the menu is there. Kept here, not in the loader, which is gone by the
 * time the menu arrives (the guard renders the page as soon as the permissions are stored).
 */
let pendingLanding: { last: LandingArea | undefined } | null = null;

export function RouteGuard() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const permissionsLoaded = useSession((s) => s.permissionList !== null);
  const menu = useSession((s) => s.permissionList);
  const auth = useSession((s) => s.auth);
  const codeList = useSession((s) => s.codeList);
  const username = useSession((s) => s.username);
  const mustChangePassword = useSession((s) => s.info?.pwdMustChange === 1);
  useRouteProgress(location.key);
  const fullPath = location.pathname + location.search;
  const signedIn = !!token && hasValidToken();
  const decision = decide({ pathname: location.pathname, fullPath, signedIn, permissionsLoaded });
  const allowed = signedIn && decision.kind === 'allow';
  const landing = allowed && pendingLanding && menu && atHome(location.pathname) ? landingPath(menu, codesOf({ auth, codeList }), pendingLanding.last) : undefined;
  const opened = allowed && !landing ? location.pathname : undefined;
  useEffect(() => {
    if (allowed) pendingLanding = null;
    if (opened) rememberArea(username, opened);
  }, [allowed, opened, username]);
  // a first password is changed before anything else (the server refuses the rest meanwhile)
  if (signedIn && mustChangePassword && location.pathname !== FIRST_PASSWORD_PATH) return <Navigate to={FIRST_PASSWORD_PATH} replace />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load-permissions') return <PermissionLoader fullPath={fullPath} search={location.search} />;
  if (landing && landing !== location.pathname) return <Navigate to={landing} replace />;
  return <Outlet />;
}

function PermissionLoader({ fullPath, search }: { fullPath: string; search: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Error | null>(null);

  useEffect(() => {
    let live = true;
    // the area is read before any page of this load is remembered
    if (!redirectTarget(search) && atHome(window.location.pathname)) pendingLanding = { last: rememberedArea(useSession.getState().username) };
    // The area's code loads while the permissions are fetched: at the home page, the area the user last
    // worked in, else the one the sign-in's answer names first (a student's path never loads the back-office)
    const path = window.location.pathname;
    const hint = takeLandingHint();
    const last = pendingLanding?.last;
    const area = hint ? (last && hint.includes(last) ? last : hint[0]) : last;
    const wantsShell = atHome(path) ? area === 'backoffice' || area === 'education' : isShellPath(path);
    if (atHome(path) && area === 'students') void loadStudentArea().catch(() => undefined);
    Promise.all([fetchPermissions(), wantsShell ? loadShell().catch(() => undefined) : undefined])
      .then(([res]) => {
        if (!live) return;
        try {
          assertUsableMenu(res.menu);
        } catch (e) {
          if (e instanceof WrongVersionMenuError) return setFailure(e);
          throw e;
        }
        const target = redirectTarget(search);
        if (target) navigate(target, { replace: true });
      })
      .catch(async (e: Error) => {
        if (!live) return;
        void toastError(e.message || '获取用户权限失败');
        await logout({ reload: false, quiet: true });
        navigate(loginRedirect(fullPath), { replace: true });
      });
    return () => {
      live = false;
    };
    // Runs once per mount: the guard mounts it only while permissions are missing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (failure) {
    return (
      <Suspense fallback={null}>
        <StartupFailure message={failure.message} />
      </Suspense>
    );
  }
  return (
    <div className="app-loading" role="status">
      正在加载菜单…
    </div>
  );
}

/** The user's permission codes as the session holds them: the server's list and the granted buttons. */
function codesOf(p: Pick<PermissionResult, 'auth'> & { codeList?: string[] }): string[] {
  return [...(p.codeList ?? []), ...p.auth.map((a) => a.action)];
}

/** /: the welcome of the student area for a visitor; a signed-in user's landing. */
export function HomeRedirect() {
  const token = useSession((s) => s.token);
  const menu = useSession((s) => s.permissionList);
  const auth = useSession((s) => s.auth);
  const codeList = useSession((s) => s.codeList);
  const username = useSession((s) => s.username);
  if (!token || !hasValidToken() || !menu) return <Navigate to={STUDENT_AREA_PATH} replace />;
  return <Navigate to={landingPath(menu, codesOf({ auth, codeList }), rememberedArea(username))} replace />;
}
