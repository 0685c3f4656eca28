// 个人设置 · 安全设置: password, bound phone and e-mail at a glance with their changes, and 登录设备: the
// browsers and apps signed in to this account now, each of which can be signed out (a lost phone), or all
// but this one at once.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Card, List, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { logout } from '../../../lib/auth/logout';
import { setUserInfo, useSession } from '../../../lib/session/store';
import { t } from '../../../lib/i18n';

const ChangePasswordModal = lazy(() => import('../../../components/dialogs/ChangePasswordModal').then((m) => ({ default: m.ChangePasswordModal })));
const PhoneChangeModal = lazy(() => import('./PhoneChangeModal'));

interface OwnSession {
  id: string;
  loginTime: string | null;
  expireTime: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

export const SESSION_API = {
  list: '/sys/user/mySessions',
  logout: '/sys/user/mySessions/logout',
  logoutOthers: '/sys/user/mySessions/logoutOthers',
} as const;

/** A readable name for a user agent: browser and system, enough to recognise one's own devices. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return t('未知设备');
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /MicroMessenger/i.test(ua)
      ? t('微信')
      : /DingTalk/i.test(ua)
        ? t('钉钉')
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : /node|undici|axios|curl|okhttp/i.test(ua)
                ? t('程序调用')
                : t('浏览器');
  const system = /Windows/.test(ua) ? 'Windows' : /Android/.test(ua) ? 'Android' : /iPhone|iPad|iOS/.test(ua) ? 'iOS' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  return system ? `${browser} · ${system}` : browser;
}

function maskPhone(phone: string) {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

export default function SecuritySettingsPage() {
  const info = useSession((s) => s.info);
  const [dialog, setDialog] = useState<'password' | 'phone' | null>(null);
  const [sessions, setSessions] = useState<OwnSession[]>([]);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setSessions(await http.get<OwnSession[]>(SESSION_API.list));
    } catch {
      /* shown by the http client */
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (!info) return null;

  const signOut = async (s: OwnSession) => {
    // this device: the ordinary sign-out
    if (s.current) return void (await logout());
    try {
      await http.post(SESSION_API.logout, { id: s.id });
      message.success(t('已退出该设备'));
      await load();
    } catch {
      /* shown by the http client */
    }
  };
  const signOutOthers = async () => {
    try {
      const n = await http.post<number>(SESSION_API.logoutOthers);
      message.success(n ? t('已退出其他{n}个设备', { n }) : t('没有其他设备在登录'));
      await load();
    } catch {
      /* shown by the http client */
    }
  };

  const items = [
    {
      key: 'password',
      title: t('登录密码'),
      description: t('定期更换密码可以让账号更安全；修改后其他设备需重新登录'),
      action: <Button onClick={() => setDialog('password')}>{t('修改')}</Button>,
    },
    {
      key: 'phone',
      title: t('手机号'),
      description: info.phone ? t('已绑定：{n}，可用于手机号登录和找回密码', { n: maskPhone(info.phone) }) : t('未绑定手机号，绑定后可用手机号登录和找回密码'),
      action: <Button onClick={() => setDialog('phone')}>{info.phone ? t('更换') : t('绑定')}</Button>,
    },
    {
      key: 'email',
      title: t('邮箱'),
      description: info.email ? t('已填写：{email}（在 基本设置 中修改）', { email: info.email }) : t('未填写邮箱（在 基本设置 中填写）'),
      action: null,
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('安全设置')}>
        <List
          itemLayout="horizontal"
          dataSource={items}
          renderItem={(it) => (
            <List.Item actions={it.action ? [it.action] : []}>
              <List.Item.Meta title={it.title} description={it.description} />
            </List.Item>
          )}
        />
      </Card>
      <Card
        title={t('登录设备')}
        extra={
          <Popconfirm title={t('确定让其他设备都退出登录吗？')} onConfirm={() => void signOutOthers()} disabled={sessions.filter((s) => !s.current).length === 0}>
            <Button danger disabled={sessions.filter((s) => !s.current).length === 0}>
              {t('退出其他设备')}
            </Button>
          </Popconfirm>
        }
      >
        <Table<OwnSession>
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={sessions}
          pagination={false}
          scroll={{ x: 640 }}
          columns={[
            {
              title: t('设备'),
              dataIndex: 'userAgent',
              render: (ua: string | null, s) => (
                <Space size={4}>
                  <Typography.Text title={ua ?? undefined}>{deviceName(ua)}</Typography.Text>
                  {s.current && <Tag color="green">{t('当前设备')}</Tag>}
                </Space>
              ),
            },
            { title: 'IP', dataIndex: 'ip', width: 140, render: (ip: string | null) => ip || '—' },
            { title: t('登录时间'), dataIndex: 'loginTime', width: 170 },
            { title: t('有效期至'), dataIndex: 'expireTime', width: 170 },
            {
              title: t('操作'),
              key: 'action',
              width: 100,
              render: (_: unknown, s) => (
                <Popconfirm title={s.current ? t('退出当前设备后需要重新登录，确定吗？') : t('确定让该设备退出登录吗？')} onConfirm={() => void signOut(s)}>
                  <Button type="link" danger size="small">
                    {t('退出')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <Suspense fallback={null}>
        {dialog === 'password' && <ChangePasswordModal open username={info.username} onClose={() => setDialog(null)} />}
        {dialog === 'phone' && (
          <PhoneChangeModal
            current={info.phone}
            onClose={() => setDialog(null)}
            onChanged={(phone) => {
              setUserInfo({ ...info, phone });
              setDialog(null);
              message.success(t('修改手机号成功！'));
            }}
          />
        )}
      </Suspense>
    </Space>
  );
}
