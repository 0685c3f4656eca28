// The signed-in user's button in the header (avatar and name) and its menu: 管理后台, 加入班级, the
// dark-mode toggle, 退出登录.
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../../../../lib/notices';
import { imageUrl } from '../../../../lib/files';
import { logout } from '../../../../lib/auth/logout';
import { useSession } from '../../../../lib/session/store';
import { updateDisplay, useDisplay } from '../../../../lib/display/store';
import { t } from '../../../../lib/i18n';
import { AREA_ROOT, areaEntries } from '../areaMenu';
import { Icon } from './icons';
import { MenuButton, type MenuEntry } from './MenuButton';
import type { MenuIconName } from './menuIcons';

const LazyMenuIcon = lazy(() => import('./menuIcons'));
/** An entry's icon, whose room is kept while it loads. */
const MenuIcon = ({ name }: { name: MenuIconName }) => (
  <Suspense fallback={<span className="area-icon-slot" aria-hidden="true" />}>
    <LazyMenuIcon name={name} />
  </Suspense>
);

/** The user's picture, or the person icon when there is none or it fails to load. */
function Avatar({ src }: { src?: string }) {
  const [failed, setFailed] = useState<string>();
  return <span className="area-avatar">{src && failed !== src ? <img src={src} alt="" onError={() => setFailed(src)} /> : <Icon name="user" />}</span>;
}

export function AccountMenu({ backOffice }: { backOffice?: string }) {
  const navigate = useNavigate();
  const realname = useSession((s) => s.realname);
  const username = useSession((s) => s.username);
  const avatar = useSession((s) => s.avatar);
  const dark = useDisplay((s) => s.darkMode);
  // 加入班级 opens under 理论题库: a parent, who holds no study page, has nothing to join
  const studies = areaEntries(useSession((s) => s.permissionList)).some((e) => e.key === 'theoryQuestionList');
  const signOut = () =>
    void confirmDialog({
      title: t('退出登录'),
      content: t('确定要退出登录吗？'),
      okText: t('退出'),
      cancelText: t('取消'),
      onOk: async () => {
        navigate(AREA_ROOT, { replace: true });
        await logout();
      },
    });
  const items: MenuEntry[] = [
    ...(backOffice ? [{ key: 'backOffice', icon: <Icon name="backOffice" />, label: t('管理后台'), onSelect: () => navigate(backOffice) }] : []),
    ...(studies ? [{ key: 'joinClass', icon: <MenuIcon name="joinClass" />, label: t('加入班级'), onSelect: () => navigate(`${AREA_ROOT}/joinClass`) }] : []),
    { key: 'darkMode', icon: <MenuIcon name={dark ? 'light' : 'dark'} />, label: dark ? t('浅色模式') : t('暗黑模式'), onSelect: () => updateDisplay({ darkMode: !dark }) },
    { key: 'logout', icon: <MenuIcon name="logout" />, label: t('退出登录'), onSelect: signOut },
  ];
  const name = realname || username;
  return (
    // the name holds the user's name it shows, so speech control finds the button by what is on screen
    <MenuButton label={t('我的账号 {name}', { name })} className="area-user-button" items={items}>
      <Avatar src={avatar ? imageUrl(avatar) : undefined} />
      <span className="area-user-name">{name}</span>
    </MenuButton>
  );
}
