import { Result } from 'antd';
import { t } from '../../lib/i18n';

/** A menu names a component no page file provides. */
export function MissingPage({ component }: { component: string }) {
  return <Result status="warning" title={t('页面不存在')} subTitle={t('菜单组件「{n}」没有对应的页面文件（features/{component}.page.tsx）。', { n: component || t('（空）'), component })} />;
}
