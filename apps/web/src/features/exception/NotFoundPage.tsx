import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@anxue/shared/constants';
import { withAntd } from '../../components/antd/AntdProvider';
import { t } from '../../lib/i18n';

function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('抱歉，您访问的页面不存在。')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('返回首页')}
        </Button>
      }
    />
  );
}

export default withAntd(NotFoundPage);
