// The page of a signed-in user whose roles give no page yet (the server puts it in such a menu only): says so,
// whom to ask, and opens what every user has, 我的消息 (the bell in the header opens too). A parent whose
// child's teacher gave them a link code types it here: the account becomes the school's 家长.
import { useState } from 'react';
import { Alert, Button, Input, Result, Space, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { http } from '../../lib/http';
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
        <>
          <Link to={MY_MESSAGES}>
            <Button type="primary" icon={<MailOutlined />}>
              {t('我的消息')}
            </Button>
          </Link>
          <ParentCode />
        </>
      }
    />
  );
}

function ParentCode() {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const link = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await http.post('/students/family/link', { code }, { silent: true });
      // the new role's menus come with a fresh start of the app
      window.location.assign('/students');
    } catch (err) {
      setError(err instanceof Error ? err.message : t('提交失败'));
      setBusy(false);
    }
  };
  return (
    <div style={{ maxWidth: 360, margin: '24px auto 0', textAlign: 'start' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        <label htmlFor="no-role-parent-code">{t('家长：输入老师给的关联码，关联你的孩子')}</label>
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input id="no-role-parent-code" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} maxLength={9} autoComplete="off" spellCheck={false} onPressEnter={() => void link()} />
        <Button onClick={() => void link()} loading={busy} disabled={code.replace(/[\s-]/g, '').length < 8}>
          {t('关联')}
        </Button>
      </Space.Compact>
      {error && <Alert style={{ marginTop: 8 }} type="error" message={error} showIcon role="alert" />}
    </div>
  );
}
