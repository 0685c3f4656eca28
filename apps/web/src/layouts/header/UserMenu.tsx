// Header user menu: 个人中心, 账户设置, 系统设置, 修改密码, 切换部门, 清理缓存, 退出登录.
import { lazy, Suspense, useCallback, useState } from 'react';
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { greeting } from '@anxue/shared/constants';
import { Modal } from '../../lib/antd/static';
import { refreshDictCache } from '../../lib/dict';
import { logout } from '../../lib/auth/logout';
import { useSession } from '../../lib/session/store';
import { imageUrl } from '../../lib/files';
import { t } from '../../lib/i18n';

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
    { key: 'center', label: t('个人中心') },
    { key: 'settings-base', label: t('账户设置') },
    { key: 'settings', label: t('系统设置') },
    { key: 'password', label: t('修改密码') },
    { key: 'depart', label: t('切换部门') },
    { key: 'cache', label: t('清理缓存') },
    { type: 'divider' },
    { key: 'logout', label: t('退出登录') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'center') navigate('/account/center');
    else if (key === 'settings-base') navigate('/account/settings/base');
    else if (key === 'cache') void refreshDictCache();
    else if (key === 'logout')
      Modal.confirm({ title: t('提示'), content: t('真的要注销登录吗 ?'), okText: t('确定'), cancelText: t('取消'), onOk: () => logout() });
    else setDialog(key as Dialog);
  };

  const welcome = `${t(greeting())}${t('，')}${realname || username}`;
  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight">
        {/* the name holds the greeting it shows, so speech control finds the button by what is on screen */}
        <span className="header-action" role="button" aria-label={compact ? t('用户菜单') : t('用户菜单 {welcome}', { welcome })} tabIndex={0}>
          <Avatar size="small" src={avatar ? imageUrl(avatar) : undefined} icon={<UserOutlined />} alt="" />
          {!compact && <span style={{ marginLeft: 8 }}>{welcome}</span>}
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
