// 系统设置: install-wide settings an administrator changes at run time (GET /sys/setting/query,
// PUT /sys/setting/edit). Self-registration: the sign-in page offers 注册 and /user/register accepts
// new accounts only while it is on. The install's name, logo and footer: the sign-in page, the shell
// and the page titles carry them (empty: the product name).
import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Form, Input, Switch, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { message } from '../../../lib/antd/static';
import { setBranding } from '../../../lib/branding';
import { http, type HttpError } from '../../../lib/http';
import { usePermission } from '../../../lib/permission';
import { t } from '../../../lib/i18n';

interface SystemSettings {
  registration: boolean;
  siteName: string;
  siteLogo: string;
  footerText: string;
}

type Branding = Pick<SystemSettings, 'siteName' | 'siteLogo' | 'footerText'>;

const KEY = ['system-settings'];

export default function SystemSettingsPage() {
  const client = useQueryClient();
  const { has } = usePermission();
  const editable = has('system:setting:edit');
  const settings = useQuery({ queryKey: KEY, queryFn: () => http.get<SystemSettings>('/sys/setting/query') });
  const [error, setError] = useState('');
  const [brandError, setBrandError] = useState('');
  const [form] = Form.useForm<Branding>();
  const save = useMutation({
    mutationFn: (change: Partial<SystemSettings>) => http.put<SystemSettings>('/sys/setting/edit', change, { silent: true }),
    onSuccess: (next) => {
      setError('');
      setBrandError('');
      client.setQueryData(KEY, next);
      setBranding(next);
      void message.success(t('保存成功！'));
    },
    onError: (e, change) => ('registration' in change ? setError : setBrandError)((e as HttpError).message),
  });
  const loaded = settings.data;
  useEffect(() => {
    if (loaded) form.setFieldsValue({ siteName: loaded.siteName, siteLogo: loaded.siteLogo, footerText: loaded.footerText });
  }, [loaded, form]);
  return (
    <Card title={t('系统设置')} loading={settings.isLoading}>
      <Descriptions bordered column={1} size="middle" styles={{ label: { width: 160, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label={t('开放注册')}>
          <Switch
            aria-label={t('开放注册')}
            checked={settings.data?.registration ?? false}
            disabled={!editable}
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
      <Typography.Title level={2} style={{ fontSize: 16, margin: '24px 0 12px' }}>
        {t('站点信息')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('登录页、页面标题、左上角与页脚显示本单位的名称与标志；留空时显示产品名称。')}</Typography.Paragraph>
      <Form<Branding>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        disabled={!editable}
        onFinish={(values) => save.mutate({ siteName: values.siteName ?? '', siteLogo: values.siteLogo ?? '', footerText: values.footerText ?? '' })}
      >
        <Form.Item label={t('系统名称')} name="siteName" rules={[{ max: 50, message: t('系统名称不能超过50个字') }]}>
          <Input placeholder={t('如：实验中学安全教育平台')} allowClear />
        </Form.Item>
        <Form.Item label={t('系统标志')} name="siteLogo" extra={t('正方形图片为宜，显示在登录页与左上角')}>
          <ImageUpload maxCount={1} biz="setting" />
        </Form.Item>
        <Form.Item label={t('页脚文字')} name="footerText" rules={[{ max: 200, message: t('页脚文字不能超过200个字') }]}>
          <Input.TextArea rows={2} placeholder={t('如：实验中学 版权所有')} />
        </Form.Item>
        {brandError && <Typography.Paragraph type="danger">{brandError}</Typography.Paragraph>}
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('保存')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
