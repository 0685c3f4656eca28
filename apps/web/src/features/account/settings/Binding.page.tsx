// 个人设置 · 账号绑定 (issue 16): the caller's accounts at the third-party sign-in providers. 绑定 leaves
// for the provider (the server's callback links the account it proves to the user who started and
// comes back here with ?bound= or ?bindError=); 解绑 removes the link.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, List, Popconfirm, Space, Typography } from 'antd';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';

interface Provider {
  thirdType: string;
  name: string;
}
interface Binding {
  id: string;
  sysUserId: string;
  thirdType: string;
  thirdUserId?: string | null;
  realname?: string | null;
  createTime?: string | null;
}

export default function BindingSettingsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [providers, setProviders] = useState<Provider[] | null>(null);
  const [bindings, setBindings] = useState<Binding[]>([]);
  const [busy, setBusy] = useState('');
  const query = new URLSearchParams(location.search);
  const bound = query.get('bound');
  const bindError = query.get('bindError');

  const load = useCallback(async () => {
    const [list, mine] = await Promise.all([
      http.get<Provider[]>('/sys/thirdLogin/providers'),
      http.get<Binding[]>('/sys/thirdApp/getThirdAccountByUserId'),
    ]);
    setProviders(list ?? []);
    setBindings(mine ?? []);
  }, []);

  useEffect(() => {
    load().catch(() => setProviders([]));
  }, [load]);

  useEffect(() => {
    if (bound) message.success(t('绑定成功'));
  }, [bound]);

  const bind = async (thirdType: string) => {
    setBusy(thirdType);
    try {
      const res = await http.post<{ url: string }>(`/sys/thirdApp/bindThirdAppAccount?thirdType=${encodeURIComponent(thirdType)}`);
      window.location.assign(res.url);
    } catch {
      setBusy('');
    }
  };

  const unbind = async (b: Binding) => {
    setBusy(b.thirdType);
    try {
      await http.delete('/sys/thirdApp/deleteThirdAccount', { id: b.id, sysUserId: b.sysUserId });
      message.success(t('解绑成功'));
      await load();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy('');
    }
  };

  return (
    <Card title={t('账号绑定')}>
      {bindError && (
        <Alert
          type="error"
          showIcon
          message={bindError}
          closable
          onClose={() => navigate(location.pathname, { replace: true })}
          style={{ marginBottom: 16 }}
        />
      )}
      <List
        loading={providers === null}
        dataSource={providers ?? []}
        locale={{ emptyText: t('管理员尚未配置第三方登录') }}
        renderItem={(p) => {
          const b = bindings.find((x) => x.thirdType === p.thirdType);
          return (
            <List.Item
              actions={[
                b ? (
                  <Popconfirm key="unbind" title={t('确定解绑{name}账号吗？', { name: p.name })} onConfirm={() => unbind(b)}>
                    <Button danger loading={busy === p.thirdType}>
                      {t('解绑')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button key="bind" type="primary" loading={busy === p.thirdType} onClick={() => bind(p.thirdType)}>
                    {t('绑定')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={p.name}
                description={
                  b ? (
                    <Space size={4} wrap>
                      <span>{t('已绑定：')}</span>
                      <Typography.Text strong>{b.realname || b.thirdUserId}</Typography.Text>
                      {b.realname && b.thirdUserId && <Typography.Text type="secondary">（{b.thirdUserId}）</Typography.Text>}
                    </Space>
                  ) : (
                    t('未绑定：绑定后可在登录页用此方式登录')
                  )
                }
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
