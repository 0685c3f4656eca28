// 系统信息: what the server reports (GET /api/health) and the browser environment.
import { Button, Card, Descriptions, Space } from 'antd';
import { Authorized } from '../../../lib/permission';
import { appConfig } from '../../../lib/runtimeConfig';
import { t } from '../../../lib/i18n';
import { useServerHealth } from './useServerHealth';

export default function SystemInfoPage() {
  const { data, isError, isLoading, refetch } = useServerHealth();
  const cfg = appConfig();
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card
        title={t('服务器信息')}
        loading={isLoading}
        extra={
          <Authorized code="system:info:view" fallback={null}>
            <Button size="small" onClick={() => refetch()}>
              {t('刷新')}
            </Button>
          </Authorized>
        }
      >
        {isError ? (
          t('无法获取服务器信息')
        ) : (
          <Descriptions bordered size="small" column={1}>
            {Object.entries(data ?? {}).map(([k, v]) => (
              <Descriptions.Item key={k} label={k}>
                {typeof v === 'object' ? JSON.stringify(v) : String(v)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Card>
      <Card title={t('客户端信息')}>
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label={t('系统名称')}>{t(cfg.title)}</Descriptions.Item>
          <Descriptions.Item label={t('接口地址')}>{cfg.apiBase}</Descriptions.Item>
          <Descriptions.Item label={t('浏览器')}>{navigator.userAgent}</Descriptions.Item>
          <Descriptions.Item label={t('语言')}>{navigator.language}</Descriptions.Item>
          <Descriptions.Item label={t('屏幕')}>{`${window.screen.width} × ${window.screen.height}`}</Descriptions.Item>
        </Descriptions>
      </Card>
    </Space>
  );
}
