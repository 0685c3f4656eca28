import { Card } from 'antd';
import { Link } from 'react-router';
import { withAntd } from '../../components/antd/AntdProvider';

/** /test/home: a bare page outside the shell, for checking routing and deployment. */
function TestHome() {
  return (
    <Card title="测试首页" style={{ margin: 24 }}>
      路由与部署正常。<Link to="/">返回</Link>
    </Card>
  );
}

export default withAntd(TestHome);
