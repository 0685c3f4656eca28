import { Link } from 'react-router';
import { HOME_PATH } from '@anxue/shared/constants';
import { appConfig } from '../lib/runtimeConfig';

/** The product name, linking to the dashboard. */
export function Logo({ dark, collapsed = false }: { dark: boolean; collapsed?: boolean }) {
  const title = appConfig().title;
  return (
    <Link to={HOME_PATH} className="logo" aria-label={`${title} 首页`} style={{ color: dark ? '#fff' : '#1f1f1f' }}>
      <span className="logo-mark">安</span>
      {!collapsed && <span className="logo-title">{title}</span>}
    </Link>
  );
}
