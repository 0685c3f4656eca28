// 角色授权: the menu tree preloaded with the role's grants; saving sends the new and the previous ids so
// the server replaces the grants in one go. Clicking a menu opens its data-rule picker.
import { useEffect, useState } from 'react';
import { Button, Col, Drawer, Row, Space, Spin } from 'antd';
import { http } from '../../../lib/http';
import { message } from '../../../lib/antdStatic';
import { joinIds, PermissionTree, splitIds, type PermissionTreeNode } from '../../../components/tree';
import { DataRulePicker } from './DataRulePicker';
import type { Role } from './types';

export function RoleAuthorizeDrawer({ role, onClose }: { role?: Role; onClose: () => void }) {
  const [granted, setGranted] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [ruleMenu, setRuleMenu] = useState<PermissionTreeNode | undefined>(undefined);

  useEffect(() => {
    if (!role) return;
    let live = true;
    setLoading(true);
    setRuleMenu(undefined);
    http
      .get<string[]>('/sys/permission/queryRolePermission', { roleId: role.id })
      .then((ids) => {
        if (!live) return;
        setGranted(splitIds(ids));
        setLast(splitIds(ids));
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [role]);

  const save = async (close: boolean) => {
    if (!role) return;
    setSaving(true);
    try {
      await http.post('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: joinIds(granted), lastpermissionIds: joinIds(last) });
      message.success('保存成功');
      setLast(granted);
      if (close) onClose();
    } catch {
      /* notice shown */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={`角色权限配置：${role?.roleName ?? ''}`}
      open={!!role}
      onClose={onClose}
      width={ruleMenu ? 820 : 480}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>取消</Button>
          <Button loading={saving} onClick={() => save(false)}>
            仅保存
          </Button>
          <Button type="primary" loading={saving} onClick={() => save(true)}>
            保存并关闭
          </Button>
        </Space>
      }
    >
      {loading || !role ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : (
        <Row gutter={16}>
          <Col span={ruleMenu ? 12 : 24}>
            <PermissionTree value={granted} onChange={setGranted} selectedKey={ruleMenu?.key} onSelectNode={setRuleMenu} />
          </Col>
          {ruleMenu && (
            <Col span={12}>
              <DataRulePicker key={ruleMenu.key} roleId={role.id} menu={{ key: ruleMenu.key, title: ruleMenu.slotTitle || ruleMenu.title }} />
            </Col>
          )}
        </Row>
      )}
    </Drawer>
  );
}
