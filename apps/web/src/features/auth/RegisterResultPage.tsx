import { Button, Card, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { withAntd } from '../../components/antd/AntdProvider';
import { t } from '../../lib/i18n';

function RegisterResultPage() {
  const navigate = useNavigate();
  const username = (useLocation().state as { username?: string } | null)?.username ?? '';
  return (
    <Card>
      <Result
        status="success"
        title={t('你的账户：{username} 注册成功', { username })}
        extra={
          <Button type="primary" onClick={() => navigate('/user/login')}>
            {t('使用已有账户登录')}
          </Button>
        }
      />
    </Card>
  );
}

export default withAntd(RegisterResultPage);
