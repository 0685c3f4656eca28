// Add/edit drawer of a menu item; the fields and required ones follow the chosen type (menuRules).
import { useMemo, useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Radio, Space, Switch, TreeSelect } from 'antd';
import { http } from '../../../lib/http';
import { message } from '../../../lib/antd/static';
import { useCloseGuard } from '../../../components/dialogs';
import { fieldsForType, MENU_TYPE_OPTIONS, nameLabel, REQUIRED_TEXT, requiredForType, toFormValues, toWire, type MenuField, type MenuFormValues } from './menuRules';
import type { MenuType, PermissionItem } from './types';
import { t } from '../../../lib/i18n';

export interface PermissionDrawerProps {
  open: boolean;
  /** An item with an id is edited; without one it is the template of a new item (type, parent). */
  item?: Partial<PermissionItem>;
  menus: PermissionItem[];
  onClose: () => void;
  onSaved: () => void;
}

type ParentOption = { value: string; title: string; disabled?: boolean; children?: ParentOption[] };

/** Menus (not buttons) as parent choices; the item itself and its subtree cannot be its own parent. */
function parentOptions(items: PermissionItem[], selfId?: string, banned = false): ParentOption[] {
  return items
    .filter((i) => Number(i.menuType) !== 2)
    .map((i) => {
      const off = banned || i.id === selfId;
      return { value: i.id, title: i.name, disabled: off, children: i.children?.length ? parentOptions(i.children, selfId, off) : undefined };
    });
}

export function PermissionDrawer({ open, item, menus, onClose, onSaved }: PermissionDrawerProps) {
  const [form] = Form.useForm<MenuFormValues>();
  const guard = useCloseGuard(onClose, { open, resetKey: item });
  const [saving, setSaving] = useState(false);
  const menuType = (Form.useWatch('menuType', form) ?? Number(item?.menuType ?? 0)) as MenuType;
  const editing = !!item?.id;
  const shown = fieldsForType(menuType);
  const required = requiredForType(menuType);
  const parents = useMemo(() => parentOptions(menus, item?.id), [menus, item?.id]);

  const rule = (f: MenuField) => (required.has(f) ? [{ required: true, message: REQUIRED_TEXT[f] }] : []);
  const has = (f: MenuField) => shown.has(f);

  const save = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      const body = toWire({ ...toFormValues({}), ...values }, item?.id);
      if (editing) await http.put('/sys/permission/edit', body);
      else await http.post('/sys/permission/add', body);
      message.success(editing ? t('编辑成功') : t('添加成功'));
      onSaved();
    } catch {
      /* the notice is already shown */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={editing ? t('编辑菜单') : t('新增菜单')}
      open={open}
      onClose={guard.requestClose}
      rootClassName={guard.className}
      width={640}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={guard.requestClose}>{t('取消')}</Button>
          <Button type="primary" loading={saving} onClick={save}>
            {t('确定')}
          </Button>
        </Space>
      }
    >
      <Form key={item?.id ?? `new-${item?.parentId ?? ''}`} form={form} preserve={false} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} initialValues={toFormValues(item ?? {})} onValuesChange={guard.markDirty}>
        <Form.Item name="menuType" label={t('菜单类型')}>
          <Radio.Group options={MENU_TYPE_OPTIONS} optionType="button" />
        </Form.Item>
        <Form.Item name="name" label={nameLabel(menuType)} rules={[{ required: true, whitespace: true, message: REQUIRED_TEXT.name }]}>
          <Input placeholder={t('请输入{label}', { label: nameLabel(menuType) })} maxLength={100} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('英文名称')} extra={t('界面为英文时显示；不填则用内置译名或中文名称')}>
          <Input placeholder={t('如 Training plans')} maxLength={100} />
        </Form.Item>
        {has('parentId') && (
          <Form.Item name="parentId" label={t('上级菜单')} rules={rule('parentId')}>
            <TreeSelect treeData={parents} placeholder={t('请选择上级菜单')} treeDefaultExpandAll showSearch treeNodeFilterProp="title" allowClear />
          </Form.Item>
        )}
        {has('url') && (
          <Form.Item name="url" label={t('访问路径')} rules={rule('url')}>
            <Input placeholder={t('请输入访问路径，如 /system/user')} />
          </Form.Item>
        )}
        {has('component') && (
          <Form.Item name="component" label={t('前端组件')} rules={rule('component')}>
            <Input placeholder={t('请输入前端组件，如 system/user/UserList')} />
          </Form.Item>
        )}
        {has('componentName') && (
          <Form.Item name="componentName" label={t('组件名称')}>
            <Input placeholder={t('用于页面缓存的组件名称')} />
          </Form.Item>
        )}
        {has('redirect') && (
          <Form.Item name="redirect" label={t('默认跳转地址')}>
            <Input placeholder={t('请输入路由参数 redirect')} />
          </Form.Item>
        )}
        {has('perms') && (
          <Form.Item name="perms" label={t('授权标识')} rules={rule('perms')} extra={t('如 system:user:add，多个用逗号分隔')}>
            <Input placeholder={t('请输入授权标识')} />
          </Form.Item>
        )}
        {has('permsType') && (
          <Form.Item name="permsType" label={t('授权策略')}>
            <Radio.Group options={[{ value: '1', label: t('显示/访问(授权后显示/可访问)') }, { value: '2', label: t('可编辑(未授权时禁用)') }]} />
          </Form.Item>
        )}
        {has('status') && (
          <Form.Item name="status" label={t('状态')}>
            <Radio.Group options={[{ value: '1', label: t('有效') }, { value: '0', label: t('无效') }]} />
          </Form.Item>
        )}
        {has('icon') && (
          <Form.Item name="icon" label={t('菜单图标')}>
            <Input placeholder={t('图标名称，如 setting；none 表示无图标')} />
          </Form.Item>
        )}
        {has('sortNo') && (
          <Form.Item name="sortNo" label={t('排序')}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {has('route') && (
          <Form.Item name="route" label={t('是否路由菜单')} valuePropName="checked">
            <Switch checkedChildren={t('是')} unCheckedChildren={t('否')} />
          </Form.Item>
        )}
        {has('hidden') && (
          <Form.Item name="hidden" label={t('隐藏路由')} valuePropName="checked">
            <Switch checkedChildren={t('是')} unCheckedChildren={t('否')} />
          </Form.Item>
        )}
        {has('keepAlive') && (
          <Form.Item name="keepAlive" label={t('是否缓存路由')} valuePropName="checked">
            <Switch checkedChildren={t('是')} unCheckedChildren={t('否')} />
          </Form.Item>
        )}
        {has('alwaysShow') && (
          <Form.Item name="alwaysShow" label={t('聚合路由')} valuePropName="checked">
            <Switch checkedChildren={t('是')} unCheckedChildren={t('否')} />
          </Form.Item>
        )}
        {has('internalOrExternal') && (
          <Form.Item name="internalOrExternal" label={t('打开方式')} valuePropName="checked">
            <Switch checkedChildren={t('外部')} unCheckedChildren={t('内部')} />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
