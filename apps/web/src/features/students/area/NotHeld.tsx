// What MenuPage shows for an area page the user's menu does not hold.
import { LockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n';
import { AREA_ROOT } from './areaMenu';
import { OutcomeView } from './components/ui/OutcomeView';

export default function NotHeld() {
  return (
    <OutcomeView
      status="warning"
      icon={<LockOutlined />}
      title={t('没有访问权限')}
      subtitle={t('这个页面不在你的学习园地菜单里，请联系老师或管理员开通。')}
      actions={
        <Link to={AREA_ROOT}>
          <Button type="primary">{t('回到学习园地')}</Button>
        </Link>
      }
    />
  );
}
