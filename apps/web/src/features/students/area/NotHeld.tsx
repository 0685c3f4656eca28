// What MenuPage shows for an area page the user's menu does not hold.
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n';
import { AREA_ROOT } from './areaMenu';

export default function NotHeld() {
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
