// 个人设置 · 新消息通知: how a released announcement or system message is told on this browser: an in-page
// popup, read aloud (语音播报, also in 系统设置), a system notification while the tab is in the background.
// Kept with the display settings of this browser; the messages themselves always reach the bell.
import { useState } from 'react';
import { Button, Card, List, Switch, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { message } from '../../../lib/antd/static';
import { desktopPermission, requestDesktopPermission, type DesktopPermission } from '../../../lib/desktopNotice';
import { updateDisplay, useDisplay } from '../../../lib/display/store';
import { t } from '../../../lib/i18n';

const PERMISSION_TEXT: Record<DesktopPermission, string> = {
  granted: '浏览器已允许显示通知',
  default: '开启时浏览器会询问是否允许显示通知',
  denied: '浏览器已拒绝显示通知，请在浏览器的网站设置中允许后再开启',
  unsupported: '当前浏览器不支持系统通知',
};

export default function NotificationSettingsPage() {
  const s = useDisplay();
  const navigate = useNavigate();
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission());

  const toggleDesktop = async (on: boolean) => {
    if (!on) return updateDisplay({ desktopNotices: false });
    const answer = permission === 'granted' ? 'granted' : await requestDesktopPermission();
    setPermission(answer);
    if (answer === 'granted') updateDisplay({ desktopNotices: true });
    else message.warning(t(PERMISSION_TEXT[answer]));
  };

  const items = [
    { key: 'popup', title: t('站内弹窗提醒'), description: t('收到新消息时在页面右下角弹出提示'), control: <Switch aria-label={t('站内弹窗提醒')} checked={s.noticePopup} onChange={(v) => updateDisplay({ noticePopup: v })} /> },
    { key: 'speak', title: t('语音播报'), description: t('收到新消息时朗读消息标题'), control: <Switch aria-label={t('语音播报')} checked={s.speakNotices} onChange={(v) => updateDisplay({ speakNotices: v })} /> },
    {
      key: 'desktop',
      title: t('桌面通知'),
      description: t('页面不在前台时用系统通知提醒（{n}）', { n: t(PERMISSION_TEXT[permission]) }),
      control: <Switch aria-label={t('桌面通知')} checked={s.desktopNotices && permission === 'granted'} disabled={permission === 'unsupported'} onChange={(v) => void toggleDesktop(v)} />,
    },
  ];

  return (
    <Card title={t('新消息通知')} extra={<Button onClick={() => navigate('/isps/userAnnouncement')}>{t('我的消息')}</Button>}>
      <Typography.Paragraph type="secondary">{t('以下设置保存在当前浏览器中，消息本身始终会出现在右上角的消息中心。')}</Typography.Paragraph>
      <List itemLayout="horizontal" dataSource={items} renderItem={(it) => <List.Item actions={[it.control]}><List.Item.Meta title={it.title} description={it.description} /></List.Item>} />
    </Card>
  );
}
