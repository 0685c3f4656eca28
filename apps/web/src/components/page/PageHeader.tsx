// Breadcrumb (always starting with 首页, the current entry not linked) and the page title from meta.
import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { HOME_PATH, HOME_TITLE } from '@anxue/shared/constants';
import { t } from '../../lib/i18n';

export interface Crumb {
  title: string;
  path: string;
}

export function breadcrumbItems(trail: Crumb[]): { title: string; path?: string }[] {
  const rest = trail.filter((c) => c.path !== HOME_PATH);
  const all = [{ title: HOME_TITLE, path: HOME_PATH }, ...rest];
  return all.map((c, i) => (i === all.length - 1 ? { title: c.title } : c));
}

export function PageHeader({ trail, title }: { trail: Crumb[]; title?: string }) {
  const items = breadcrumbItems(trail).map((c) => ({ title: c.path ? <Link to={c.path}>{t(c.title)}</Link> : t(c.title) }));
  return (
    <div className="page-header">
      <Breadcrumb items={items} />
      {title && <h1 className="page-title">{title}</h1>}
    </div>
  );
}
