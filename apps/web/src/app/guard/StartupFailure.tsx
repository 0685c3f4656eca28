import { Button, Result } from 'antd';
import { logout } from '../../lib/auth/logout';
import { withAntd } from '../../components/antd/AntdProvider';

/** The wrong-version menu (spec/01 §4): the app cannot start with this menu data. */
function StartupFailure({ message }: { message: string }) {
  return (
    <Result
      status="error"
      title="系统启动失败"
      subTitle={message}
      extra={
        <Button type="primary" onClick={() => logout()}>
          退出登录
        </Button>
      }
    />
  );
}

export default withAntd(StartupFailure);
