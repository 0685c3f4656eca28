// 角色授权: the menu tree preloaded with the role's grants; saving sends the new and the previous ids so
// the server replaces the grants in one go. Clicking a menu opens its data-rule picker.
import { useEffect, useState } from 'react';
import { Button, Col, Drawer, Row, Space, Spin } from 'antd';
import { useCloseGuard } from '../../../components/dialogs';
import { PermissionTree, useGrants, type PermissionTreeNode } from '../../../components/tree';
import { DataRulePicker } from './DataRulePicker';
import type { Role } from './types';
import { t } from '../../../lib/i18n';

export function RoleAuthorizeDrawer({ role, onClose }: { role?: Role; onClose: () => void }) {
  const [ruleMenu, setRuleMenu] = useState<PermissionTreeNode | undefined>(undefined);
  const grants = useGrants(
    role
      ? {
          load: { url: '/sys/permission/queryRolePermission', params: { roleId: role.id } },
          save: { url: '/sys/permission/saveRolePermission', holder: { roleId: role.id } },
        }
      : undefined,
  );
  const { granted, setGranted, loading, saving } = grants;
  useEffect(() => setRuleMenu(undefined), [role]);
  // checks changed and not saved: closing asks first
  const guard = useCloseGuard(onClose, { open: !!role, resetKey: role });

  const save = async (close: boolean) => {
    if (!(await grants.save())) return;
    guard.markClean();
    if (close) onClose();
  };

  return (
    <Drawer
      title={t('角色权限配置：{name}', { name: role?.roleName ? t(role.roleName, undefined, 'role') : '' })}
      open={!!role}
      onClose={guard.requestClose}
      rootClassName={guard.className}
      width={ruleMenu ? 820 : 480}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={guard.requestClose}>{t('取消')}</Button>
          <Button loading={saving} onClick={() => save(false)}>
            {t('仅保存')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => save(true)}>
            {t('保存并关闭')}
          </Button>
        </Space>
      }
    >
      {loading || !role ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : (
        <Row gutter={16}>
          <Col span={ruleMenu ? 12 : 24}>
            <PermissionTree
              value={granted}
              onChange={(keys) => {
                setGranted(keys);
                guard.markDirty();
              }}
              selectedKey={ruleMenu?.key}
              onSelectNode={setRuleMenu}
            />
          </Col>
          {ruleMenu && (
            <Col span={12}>
              <DataRulePicker key={ruleMenu.key} roleId={role.id} menu={{ key: ruleMenu.key, title: t(ruleMenu.slotTitle || ruleMenu.title) }} />
            </Col>
          )}
        </Row>
      )}
    </Drawer>
  );
}
