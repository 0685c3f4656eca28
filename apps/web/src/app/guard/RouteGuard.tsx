// The route guard of spec/01 §2 as a layout route: decide, then redirect, load permissions or render.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { toastError } from '../../lib/notices';
import { fetchPermissions } from '../../lib/auth/login';
import { logout } from '../../lib/auth/logout';
import { hasValidToken, useSession } from '../../lib/session/store';
import { assertUsableMenu, WrongVersionMenuError } from '../menu/buildRoutes';
import { useRouteProgress } from '../progress';
import { loadShell } from '../shellLoader';
import { HOME_PATH } from '@anxue/shared/constants';
import { redirectTarget } from '../../lib/navigation';
import { decide, landingPath, loginRedirect } from './decide';

const StartupFailure = lazy(() => import('./StartupFailure'));

export function RouteGuard() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const permissionsLoaded = useSession((s) => s.permissionList !== null);
  useRouteProgress(location.key);
  const fullPath = location.pathname + location.search;
  const decision = decide({ pathname: location.pathname, fullPath, signedIn: !!token && hasValidToken(), permissionsLoaded });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load-permissions') return <PermissionLoader fullPath={fullPath} search={location.search} />;
  return <Outlet />;
}

function PermissionLoader({ fullPath, search }: { fullPath: string; search: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Error | null>(null);

  useEffect(() => {
    let live = true;
    // The shell chunk loads while the permissions are fetched.
    Promise.all([fetchPermissions(), loadShell().catch(() => undefined)])
      .then(([res]) => {
        if (!live) return;
        try {
          assertUsableMenu(res.menu);
        } catch (e) {
          if (e instanceof WrongVersionMenuError) return setFailure(e);
          throw e;
        }
        const target = redirectTarget(search);
        const landing = !target && window.location.pathname === HOME_PATH ? landingPath(res.menu) : undefined;
        if (target ?? landing) navigate((target ?? landing)!, { replace: true });
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
