import { Link } from 'react-router';
import { HOME_PATH } from '@anxue/shared/constants';
import { appConfig } from '../lib/runtimeConfig';
import { t } from '../lib/i18n';

/** The product name, linking to the dashboard. The mark is drawn by CSS (a picture, not text a screen reader reads twice). */
export function Logo({ dark, collapsed = false }: { dark: boolean; collapsed?: boolean }) {
  const title = t(appConfig().title);
  return (
    <Link to={HOME_PATH} className="logo" aria-label={t('{title} 首页', { title })} style={{ color: dark ? '#fff' : '#1f1f1f' }}>
      <span className="logo-mark" data-mark="安" aria-hidden="true" />
      {!collapsed && <span className="logo-title">{title}</span>}
    </Link>
  );
}
