// The student area's own layout (no back-office shell).
import { Layout } from 'antd';
import { Link, Outlet } from 'react-router';
import { appConfig } from '../../lib/runtimeConfig';
import { withAntd } from '../AntdProvider';

function StudentsLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ color: '#fff', fontSize: 18, display: 'flex', justifyContent: 'space-between' }}>
        <span>{appConfig().title} · 学生安全教育</span>
        <Link to="/user/login" style={{ color: '#fff', fontSize: 14 }}>
          登录
        </Link>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

export default withAntd(StudentsLayout);
