// Static routes of spec/01 §2. The sign-in screen ships in the entry chunk (small, no antd); every
// other screen, and the signed-in shell, is a lazy chunk, so the sign-in page never loads the shell.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { HomeRedirect, RouteGuard } from './guard/RouteGuard';
import { ProgressFallback } from './progress';
import { ShellRoute } from './shellLoader';
import UserLayout from '../layouts/UserLayout';
import LoginPage from '../features/auth/LoginPage';
import { studentAreaRoutes } from '../features/students/area/routes';
import { StudentsLayout } from './studentAreaLoader';

const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const RegisterResultPage = lazy(() => import('../features/auth/RegisterResultPage'));
const AlterationPage = lazy(() => import('../features/auth/AlterationPage'));
const OAuth2Login = lazy(() => import('./static-pages/OAuth2Login'));
const QrConfirmPage = lazy(() => import('../features/auth/QrConfirmPage'));
const TestHome = lazy(() => import('./static-pages/TestHome'));
const NotFoundPage = lazy(() => import('../features/exception/NotFoundPage'));
const FirstPasswordPage = lazy(() => import('../features/auth/FirstPasswordPage'));
const LoginCardsPrint = lazy(() => import('../features/students/backoffice/class/roster/LoginCardsPrint'));
const CertificateVerifyPage = lazy(() => import('../features/students/area/recognition/CertificateVerifyPage'));

export function AppRoutes() {
  return (
    <Suspense fallback={<ProgressFallback />}>
      <Routes>
        {/* open to anyone, signed in or not: a certificate code's three facts */}
        <Route path="certificate/:code" element={<CertificateVerifyPage />} />
        <Route element={<RouteGuard />}>
          <Route index element={<HomeRedirect />} />
          <Route path="user" element={<UserLayout />}>
            <Route index element={<Navigate to="/user/login" replace />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="register-result" element={<RegisterResultPage />} />
            <Route path="alteration" element={<AlterationPage />} />
            <Route path="change-password" element={<FirstPasswordPage />} />
          </Route>
          {studentAreaRoutes(<StudentsLayout />)}
          <Route path="oauth2-app" element={<UserLayout />}>
            <Route index element={<Navigate to="/oauth2-app/login" replace />} />
            <Route path="login" element={<OAuth2Login />} />
            <Route path="qrcode" element={<QrConfirmPage />} />
          </Route>
          <Route path="test">
            <Route index element={<Navigate to="/test/home" replace />} />
            <Route path="home" element={<TestHome />} />
          </Route>
          <Route path="print/login-cards" element={<LoginCardsPrint />} />
          <Route path="404" element={<NotFoundPage />} />
          <Route path="*" element={<ShellRoute />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
