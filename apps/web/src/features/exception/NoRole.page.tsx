// The page of a signed-in user whose roles give no page yet (the server puts it in such a menu only): says so,
// whom to ask, and opens what every user has, 我的消息 (the bell in the header opens too).
import { Button, Result, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useSession } from '../../lib/session/store';
import { t } from '../../lib/i18n';

const MY_MESSAGES = '/isps/userAnnouncement';

export default function NoRolePage() {
  const username = useSession((s) => s.username);
  const realname = useSession((s) => s.realname);
  return (
    <Result
      status="info"
      title={t('你的账号还没有分配角色')}
      subTitle={
        // a readable line length on wide screens
        <div style={{ maxWidth: 560, margin: '0 auto' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('因此暂时没有可用的功能。请联系本单位的系统管理员，为账号「{account}」分配角色；分配后重新登录即可使用。', { account: realname && realname !== username ? `${realname}（${username}）` : username })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('在此之前，你仍可以查看发给你的消息和通知。')}
          </Typography.Paragraph>
        </div>
      }
      extra={
        <Link to={MY_MESSAGES}>
          <Button type="primary" icon={<MailOutlined />}>
            {t('我的消息')}
          </Button>
        </Link>
      }
    />
  );
}
