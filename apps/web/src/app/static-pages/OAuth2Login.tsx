import LoginPage from '../../features/auth/LoginPage';

/** The alternative login path (/oauth2-app/login): the same account sign-in. */
export default function OAuth2Login() {
  return <LoginPage title="OAuth2 登录" />;
}
