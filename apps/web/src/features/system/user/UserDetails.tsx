// 详情: the user's fields in the shared details modal.
import { Avatar, Descriptions } from 'antd';
import { DetailsModal } from '../../../components/dialogs';
import { dictText } from '../../../components/list-page';
import { avatarUrl, type User } from './userApi';

export function UserDetails({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  return (
    <DetailsModal open={!!user} onClose={onClose}>
      {user && (
        <Descriptions bordered column={2} size="small">
          <Descriptions.Item label="头像">{user.avatar ? <Avatar src={avatarUrl(user.avatar)} /> : '无'}</Descriptions.Item>
          <Descriptions.Item label="用户账号">{user.username}</Descriptions.Item>
          <Descriptions.Item label="用户姓名">{user.realname}</Descriptions.Item>
          <Descriptions.Item label="工号">{user.workNo}</Descriptions.Item>
          <Descriptions.Item label="性别">{dictText(user, 'sex')}</Descriptions.Item>
          <Descriptions.Item label="生日">{user.birthday}</Descriptions.Item>
          <Descriptions.Item label="手机号码">{user.phone}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{user.email}</Descriptions.Item>
          <Descriptions.Item label="部门">{user.orgCodeTxt}</Descriptions.Item>
          <Descriptions.Item label="状态">{dictText(user, 'status')}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{user.createTime}</Descriptions.Item>
        </Descriptions>
      )}
    </DetailsModal>
  );
}
