// 个人中心: the signed-in user's profile from the session.
import { Avatar, Card, Descriptions } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { SEX } from '@anxue/shared/constants';
import { useSession } from '../../lib/session/store';
import { imageUrl } from '../../lib/files';
import { t } from '../../lib/i18n';

export default function CenterPage() {
  const info = useSession((s) => s.info);
  return (
    <Card>
      <div style={{ textAlign: 'center', marginBottom: 24 }}>
        <Avatar size={88} src={info?.avatar ? imageUrl(info.avatar) : undefined} icon={<UserOutlined />} />
        <h2 style={{ margin: '12px 0 0' }}>{info?.realname}</h2>
      </div>
      <Descriptions bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('账号')}>{info?.username}</Descriptions.Item>
        <Descriptions.Item label={t('性别')}>{t(SEX[String(info?.sex) as keyof typeof SEX] ?? '—')}</Descriptions.Item>
        <Descriptions.Item label={t('部门')}>{info?.orgCodeTxt || info?.orgCode || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('手机')}>{info?.phone || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('邮箱')}>{info?.email || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('租户')}>{info?.loginTenantId ?? '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
