// Add/edit a home-page configuration: whom it applies to (a role, a user, everyone), the route and its
// page component, priority and whether it is on.
import { Form, Input, InputNumber, Switch } from 'antd';
import { DictSelect, ListFormModal } from '../../../components/list-page';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';
import { DEF_INDEX_ALL, HOME_CONFIG_API, type HomeConfig } from './homeConfigApi';

export function HomeConfigFormModal({ record, onClose, onSaved }: { record: Partial<HomeConfig> | undefined; onClose: () => void; onSaved: () => void }) {
  return (
    <ListFormModal<HomeConfig>
      title={t('首页配置', undefined, 'item')}
      record={record && { relationType: 'ROLE', route: true, priority: 0, status: '1', ...record }}
      api={HOME_CONFIG_API}
      onClose={onClose}
      onSaved={onSaved}
      width={640}
      toBody={(v) => ({ ...v, roleCode: v.relationType === 'DEFAULT' ? DEF_INDEX_ALL : v.roleCode, status: v.status === true || v.status === '1' ? '1' : '0' })}
    >
      {(form) => (
        <>
          <Form.Item label={t('关联类型')} name="relationType" rules={[{ required: true, message: t('请选择关联类型') }]}>
            <DictSelect dictCode="relation_type" placeholder={t('请选择关联类型')} />
          </Form.Item>
          <Form.Item noStyle dependencies={['relationType']}>
            {() =>
              form.getFieldValue('relationType') !== 'DEFAULT' && (
                <Form.Item label={t('角色/用户编码')} name="roleCode" rules={formRules.required('角色/用户编码', { max: 100 })} extra={t('关联类型为角色时填角色编码，为用户时填用户账号')}>
                  <Input placeholder={t('如 teacher')} />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item label={t('首页路由')} name="url" rules={formRules.required('首页路由', { max: 255 })}>
            <Input placeholder={t('如 /dashboard/analysis')} />
          </Form.Item>
          <Form.Item label={t('组件地址')} name="component" rules={formRules.required('组件地址', { max: 255 })}>
            <Input placeholder={t('如 dashboard/Analysis')} />
          </Form.Item>
          <Form.Item label={t('是否路由菜单')} name="route" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label={t('优先级')} name="priority">
            <InputNumber min={0} max={99999} />
          </Form.Item>
          <Form.Item label={t('是否开启')} name="status" valuePropName="checked" getValueProps={(v) => ({ checked: v === '1' || v === true })}>
            <Switch />
          </Form.Item>
        </>
      )}
    </ListFormModal>
  );
}
