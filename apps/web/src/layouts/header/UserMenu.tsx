// Header user menu: 个人中心, 账户设置, 系统设置, 修改密码, 切换部门, 清理缓存, 退出登录.
import { lazy, Suspense, useCallback, useState } from 'react';
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { greeting } from '@anxue/shared/constants';
import { Modal } from '../../lib/antdStatic';
import { refreshDictCache } from '../../lib/dict';
import { logout } from '../../lib/session/logout';
import { useSession } from '../../lib/session/store';
import { imageUrl } from '../../lib/files';

// Dialogs load when first opened: the shell's first paint does not carry them.
const ChangePasswordModal = lazy(() => import('../../components/dialogs/ChangePasswordModal').then((m) => ({ default: m.ChangePasswordModal })));
const DepartSwitchModal = lazy(() => import('../../components/dialogs/DepartSwitchModal').then((m) => ({ default: m.DepartSwitchModal })));
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })));

type Dialog = 'password' | 'depart' | 'settings' | null;

export function UserMenu({ compact }: { compact: boolean }) {
  const navigate = useNavigate();
  const username = useSession((s) => s.username);
  const realname = useSession((s) => s.realname);
  const avatar = useSession((s) => s.avatar);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const items: MenuProps['items'] = [
    { key: 'center', label: '个人中心' },
    { key: 'settings-base', label: '账户设置' },
    { key: 'settings', label: '系统设置' },
    { key: 'password', label: '修改密码' },
    { key: 'depart', label: '切换部门' },
    { key: 'cache', label: '清理缓存' },
    { type: 'divider' },
    { key: 'logout', label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'center') navigate('/account/center');
    else if (key === 'settings-base') navigate('/account/settings/base');
    else if (key === 'cache') void refreshDictCache();
    else if (key === 'logout')
      Modal.confirm({ title: '提示', content: '真的要注销登录吗 ?', okText: '确定', cancelText: '取消', onOk: () => logout() });
    else setDialog(key as Dialog);
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight">
        <span className="header-action" role="button" aria-label="用户菜单" tabIndex={0}>
          <Avatar size="small" src={avatar ? imageUrl(avatar) : undefined} icon={<UserOutlined />} />
          {!compact && <span style={{ marginLeft: 8 }}>{`${greeting()}，${realname || username}`}</span>}
        </span>
      </Dropdown>
      <Suspense fallback={null}>
        {dialog === 'password' && <ChangePasswordModal open username={username} onClose={close} />}
        {dialog === 'depart' && <DepartSwitchModal open username={username} onClose={close} />}
        {dialog === 'settings' && <SettingsDrawer open onClose={close} />}
      </Suspense>
    </>
  );
}
