// Menu icon names ('ant-design:setting', 'setting', 'SettingOutlined') → icon components. A small
// explicit map keeps the bundle small; unknown names show no icon.
import type { ComponentType } from 'react';
import { AppstoreOutlined, BarsOutlined, BellOutlined, BookOutlined, CalendarOutlined, CloudOutlined, DashboardOutlined, DatabaseOutlined, DesktopOutlined, FileOutlined, FormOutlined, HomeOutlined, InfoCircleOutlined, LinkOutlined, LockOutlined, MessageOutlined, PictureOutlined, ProfileOutlined, SafetyOutlined, SettingOutlined, TableOutlined, TeamOutlined, ToolOutlined, UserOutlined, VideoCameraOutlined } from '@ant-design/icons';

const ICONS: Record<string, ComponentType> = {
  appstore: AppstoreOutlined,
  bars: BarsOutlined,
  bell: BellOutlined,
  book: BookOutlined,
  calendar: CalendarOutlined,
  cloud: CloudOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  desktop: DesktopOutlined,
  monitor: DesktopOutlined,
  file: FileOutlined,
  form: FormOutlined,
  home: HomeOutlined,
  'info-circle': InfoCircleOutlined,
  link: LinkOutlined,
  lock: LockOutlined,
  message: MessageOutlined,
  picture: PictureOutlined,
  profile: ProfileOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
  'video-camera': VideoCameraOutlined,
};

/** 'ant-design:info-circle-outlined' | 'InfoCircleOutlined' | 'info-circle' → 'info-circle'. */
export function iconKey(name: string): string {
  return name
    .replace(/^ant-design:/, '')
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/-(outlined|filled|twotone)$/, '');
}

export function MenuIcon({ name }: { name?: string }) {
  if (!name || name === 'none') return null;
  const Icon = ICONS[iconKey(name)];
  return Icon ? <Icon /> : null;
}
