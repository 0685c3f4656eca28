import { Button, Card, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { withAntd } from '../../app/AntdProvider';

function RegisterResultPage() {
  const navigate = useNavigate();
  const username = (useLocation().state as { username?: string } | null)?.username ?? '';
  return (
    <Card>
      <Result
        status="success"
        title={`你的账户：${username} 注册成功`}
        extra={
          <Button type="primary" onClick={() => navigate('/user/login')}>
            使用已有账户登录
          </Button>
        }
      />
    </Card>
  );
}

export default withAntd(RegisterResultPage);
