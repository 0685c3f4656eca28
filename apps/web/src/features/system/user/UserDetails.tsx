// 详情: the user's fields in the shared details modal.
import { Avatar, Descriptions } from 'antd';
import { DetailsModal } from '../../../components/dialogs';
import { dictText } from '../../../components/list-page';
import { avatarUrl, type User } from './userApi';
import { t } from '../../../lib/i18n';

export function UserDetails({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  return (
    <DetailsModal open={!!user} onClose={onClose}>
      {user && (
        <Descriptions bordered column={2} size="small">
          <Descriptions.Item label={t('头像')}>{user.avatar ? <Avatar src={avatarUrl(user.avatar)} /> : t('无')}</Descriptions.Item>
          <Descriptions.Item label={t('用户账号')}>{user.username}</Descriptions.Item>
          <Descriptions.Item label={t('用户姓名')}>{user.realname}</Descriptions.Item>
          <Descriptions.Item label={t('工号')}>{user.workNo}</Descriptions.Item>
          <Descriptions.Item label={t('性别')}>{dictText(user, 'sex')}</Descriptions.Item>
          <Descriptions.Item label={t('生日')}>{user.birthday}</Descriptions.Item>
          <Descriptions.Item label={t('手机号码')}>{user.phone}</Descriptions.Item>
          <Descriptions.Item label={t('邮箱')}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t('部门')}>{user.orgCodeTxt}</Descriptions.Item>
          <Descriptions.Item label={t('状态')}>{dictText(user, 'status')}</Descriptions.Item>
          <Descriptions.Item label={t('创建时间')}>{user.createTime}</Descriptions.Item>
        </Descriptions>
      )}
    </DetailsModal>
  );
}
