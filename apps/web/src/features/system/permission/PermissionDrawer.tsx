// Add/edit drawer of a menu item; the fields and required ones follow the chosen type (menuRules).
import { useMemo, useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Radio, Space, Switch, TreeSelect } from 'antd';
import { http } from '../../../lib/http';
import { message } from '../../../lib/antdStatic';
import { fieldsForType, MENU_TYPE_OPTIONS, nameLabel, REQUIRED_TEXT, requiredForType, toFormValues, toWire, type MenuField, type MenuFormValues } from './menuRules';
import type { MenuType, PermissionItem } from './types';

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
      message.success(editing ? '编辑成功' : '添加成功');
      onSaved();
    } catch {
      /* the notice is already shown */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={editing ? '编辑菜单' : '新增菜单'}
      open={open}
      onClose={onClose}
      width={640}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={save}>
            确定
          </Button>
        </Space>
      }
    >
      <Form key={item?.id ?? `new-${item?.parentId ?? ''}`} form={form} preserve={false} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} initialValues={toFormValues(item ?? {})}>
        <Form.Item name="menuType" label="菜单类型">
          <Radio.Group options={MENU_TYPE_OPTIONS} optionType="button" />
        </Form.Item>
        <Form.Item name="name" label={nameLabel(menuType)} rules={[{ required: true, whitespace: true, message: REQUIRED_TEXT.name }]}>
          <Input placeholder={`请输入${nameLabel(menuType)}`} maxLength={255} />
        </Form.Item>
        {has('parentId') && (
          <Form.Item name="parentId" label="上级菜单" rules={rule('parentId')}>
            <TreeSelect treeData={parents} placeholder="请选择上级菜单" treeDefaultExpandAll showSearch treeNodeFilterProp="title" allowClear />
          </Form.Item>
        )}
        {has('url') && (
          <Form.Item name="url" label="访问路径" rules={rule('url')}>
            <Input placeholder="请输入访问路径，如 /system/user" />
          </Form.Item>
        )}
        {has('component') && (
          <Form.Item name="component" label="前端组件" rules={rule('component')}>
            <Input placeholder="请输入前端组件，如 system/user/UserList" />
          </Form.Item>
        )}
        {has('componentName') && (
          <Form.Item name="componentName" label="组件名称">
            <Input placeholder="用于页面缓存的组件名称" />
          </Form.Item>
        )}
        {has('redirect') && (
          <Form.Item name="redirect" label="默认跳转地址">
            <Input placeholder="请输入路由参数 redirect" />
          </Form.Item>
        )}
        {has('perms') && (
          <Form.Item name="perms" label="授权标识" rules={rule('perms')} extra="如 system:user:add，多个用逗号分隔">
            <Input placeholder="请输入授权标识" />
          </Form.Item>
        )}
        {has('permsType') && (
          <Form.Item name="permsType" label="授权策略">
            <Radio.Group options={[{ value: '1', label: '显示/访问(授权后显示/可访问)' }, { value: '2', label: '可编辑(未授权时禁用)' }]} />
          </Form.Item>
        )}
        {has('status') && (
          <Form.Item name="status" label="状态">
            <Radio.Group options={[{ value: '1', label: '有效' }, { value: '0', label: '无效' }]} />
          </Form.Item>
        )}
        {has('icon') && (
          <Form.Item name="icon" label="菜单图标">
            <Input placeholder="图标名称，如 setting；none 表示无图标" />
          </Form.Item>
        )}
        {has('sortNo') && (
          <Form.Item name="sortNo" label="排序">
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {has('route') && (
          <Form.Item name="route" label="是否路由菜单" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        )}
        {has('hidden') && (
          <Form.Item name="hidden" label="隐藏路由" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        )}
        {has('keepAlive') && (
          <Form.Item name="keepAlive" label="是否缓存路由" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        )}
        {has('alwaysShow') && (
          <Form.Item name="alwaysShow" label="聚合路由" valuePropName="checked">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        )}
        {has('internalOrExternal') && (
          <Form.Item name="internalOrExternal" label="打开方式" valuePropName="checked">
            <Switch checkedChildren="外部" unCheckedChildren="内部" />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
