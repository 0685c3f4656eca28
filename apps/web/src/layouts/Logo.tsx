import { Link } from 'react-router';
import { HOME_PATH } from '@anxue/shared/constants';
import { useBranding } from '../lib/branding';
import { t } from '../lib/i18n';

/**
 * The install's name (系统设置, else the product name), linking to the dashboard. The mark is its logo,
 * or one drawn by CSS; either is a picture the link's name already says, so screen readers skip it.
 */
export function Logo({ dark, collapsed = false }: { dark: boolean; collapsed?: boolean }) {
  const { name: title, logo } = useBranding();
  return (
    <Link to={HOME_PATH} className="logo" aria-label={t('{title} 首页', { title })} style={{ color: dark ? '#fff' : '#1f1f1f' }}>
      {logo ? <img className="logo-image" src={logo} alt="" /> : <span className="logo-mark" data-mark="安" aria-hidden="true" />}
      {!collapsed && <span className="logo-title">{title}</span>}
    </Link>
  );
}
