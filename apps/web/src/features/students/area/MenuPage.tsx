// A page of the 学习园地 menu, shown only to a user who holds its entry (the server refuses the calls too).
import type { ComponentType } from 'react';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/store';
import { t } from '../../../lib/i18n';
import { AREA_ROOT, areaEntries } from './areaMenu';

export default function MenuPage({ menuKey, page: Page }: { menuKey: string; page: ComponentType }) {
  const menu = useSession((s) => s.permissionList);
  const held = areaEntries(menu).some((e) => e.key === menuKey);
  if (!held) {
    return (
      <Result
        status="403"
        title={t('没有访问权限')}
        subTitle={t('这个页面不在你的学习园地菜单里，请联系老师或管理员开通。')}
        extra={
          <Link to={AREA_ROOT}>
            <Button type="primary">{t('回到学习园地')}</Button>
          </Link>
        }
      />
    );
  }
  return <Page />;
}

