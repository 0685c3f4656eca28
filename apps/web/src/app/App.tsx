// The router and the bridge that lets code outside React (http client, logout) navigate inside
// the app. antd's provider lives in the lazily loaded screens (see AntdProvider).
import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
// not the dialogs' index: the shell's first chunk stays without antd
import { installOverlayKeyboard } from '../components/dialogs/overlayKeyboard';
import { setNavigator } from '../lib/navigation';
import { AppRoutes } from './AppRoutes';
// registers logout with the http client, which ends expired sessions through it
import '../lib/auth/logout';

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((path) => navigate(path)), [navigate]);
  return null;
}

export function App() {
  useEffect(installOverlayKeyboard, []);
  return (
    <BrowserRouter>
      <NavigatorBridge />
      <AppRoutes />
    </BrowserRouter>
  );
}
