// Add/edit a user group: its name and a description.
import { Form, Input } from 'antd';
import { ListFormModal } from '../../../components/list-page';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';
import { USER_GROUP_API, type UserGroup } from './userGroupApi';

export function UserGroupFormModal({ record, onClose, onSaved }: { record: Partial<UserGroup> | undefined; onClose: () => void; onSaved: () => void }) {
  return (
    <ListFormModal<UserGroup> title={t('用户组', undefined, 'item')} record={record} api={USER_GROUP_API} onClose={onClose} onSaved={onSaved} width={600}>
      <Form.Item label={t('用户组名称')} name="groupName" rules={formRules.required('用户组名称', { max: 100 })}>
        <Input placeholder={t('请输入用户组名称')} />
      </Form.Item>
      <Form.Item label={t('描述')} name="description" rules={[{ max: 500, message: t('描述不能超过500个字符') }]}>
        <Input.TextArea rows={3} placeholder={t('请输入描述')} />
      </Form.Item>
    </ListFormModal>
  );
}
