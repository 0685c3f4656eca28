// 系统设置: install-wide switches an administrator changes at run time (GET /sys/setting/query,
// PUT /sys/setting/edit). Self-registration: the sign-in page offers 注册 and /user/register accepts
// new accounts only while it is on.
import { useState } from 'react';
import { Card, Descriptions, Switch, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { message } from '../../../lib/antdStatic';
import { http, type HttpError } from '../../../lib/http';
import { usePermission } from '../../../lib/permission';
import { t } from '../../../lib/i18n';

interface SystemSettings {
  registration: boolean;
}

const KEY = ['system-settings'];

export default function SystemSettingsPage() {
  const client = useQueryClient();
  const { has } = usePermission();
  const settings = useQuery({ queryKey: KEY, queryFn: () => http.get<SystemSettings>('/sys/setting/query') });
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (change: Partial<SystemSettings>) => http.put<SystemSettings>('/sys/setting/edit', change, { silent: true }),
    onSuccess: (next) => {
      setError('');
      client.setQueryData(KEY, next);
      void message.success(t('保存成功！'));
    },
    onError: (e) => setError((e as HttpError).message),
  });
  return (
    <Card title={t('系统设置')} loading={settings.isLoading}>
      <Descriptions bordered column={1} size="middle" styles={{ label: { width: 160, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label={t('开放注册')}>
          <Switch
            aria-label={t('开放注册')}
            checked={settings.data?.registration ?? false}
            disabled={!has('system:setting:edit')}
            loading={save.isPending}
            checkedChildren={t('开')}
            unCheckedChildren={t('关')}
            onChange={(registration) => save.mutate({ registration })}
          />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('开启后，登录页显示“注册账户”，访客可用手机验证码注册账号（不授予任何角色，加入默认租户）；关闭后注册页与注册接口一律拒绝。')}
          </Typography.Paragraph>
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
