// The notice bell: count badge and a popover with 通知 / 系统消息 (spec/01 §4, §7). A live socket tells
// it when a notice is released; only while the socket is down is the list polled every 6 s, and an
// error stops the polling. A pushed notice is told as the user chose in 新消息通知: read aloud, an in-page
// popup, a system notification while the tab is hidden.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NOTICE_POLL_MS } from '@anxue/shared/constants';
import { notification } from '../../lib/antdStatic';
import { http } from '../../lib/http';
import { connectNoticeSocket, onNoticesChanged, type NoticePushMessage } from '../../lib/noticeSocket';
import { appConfig } from '../../lib/runtimeConfig';
import { useSession } from '../../lib/session/store';
import { speakNotice } from '../../lib/speech';
import { showDesktopNotice } from '../../lib/desktopNotice';
import type { Announcement, NoticeList } from '../../lib/types';
import { useDisplay } from '../../lib/display/store';
import { t } from '../../lib/i18n';

const NoticePanel = lazy(() => import('./NoticePanel'));
const AnnouncementModal = lazy(() => import('../../components/dialogs/AnnouncementModal').then((m) => ({ default: m.AnnouncementModal })));

export const MY_ANNOUNCEMENTS = '/isps/userAnnouncement';
/** Less room than this under the bell opens the popover above it. */
const FLIP_ABOVE_PX = 350;

/** Whether the notification socket is open; it reloads the notices when one is pushed. */
function useNoticeSocket(onNotice: (msg: NoticePushMessage) => void): boolean {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.info?.id);
  const [live, setLive] = useState(false);
  const notice = useRef(onNotice);
  notice.current = onNotice;
  useEffect(() => {
    if (!token || !userId || typeof WebSocket === 'undefined') return;
    return connectNoticeSocket({ url: appConfig().apiBase, userId: String(userId), token, onNotice: (msg) => notice.current(msg), onState: setLive });
  }, [token, userId]);
  return live;
}

export function NoticeBell() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Announcement | null>(null);
  const [placement, setPlacement] = useState<'bottomRight' | 'topRight'>('bottomRight');
  const bellRef = useRef<HTMLButtonElement>(null);
  const live = useNoticeSocket((msg) => {
    const how = useDisplay.getState();
    speakNotice(msg.msgTxt, { enabled: how.speakNotices });
    showDesktopNotice(msg.msgTxt, { enabled: how.desktopNotices, tag: msg.msgId });
    if (how.noticePopup && msg.msgTxt) notification.info({ message: t('收到新消息'), description: msg.msgTxt, placement: 'bottomRight', duration: 6 });
    void client.invalidateQueries({ queryKey: ['notice'] });
  });
  useEffect(() => onNoticesChanged(() => void client.invalidateQueries({ queryKey: ['notice'] })), [client]);
  const { data } = useQuery({
    queryKey: ['notice', 'listByUser'],
    queryFn: () => http.get<NoticeList>('/sys/annountCement/listByUser', undefined, { silent: true }),
    refetchInterval: (q) => (live || q.state.status === 'error' ? false : NOTICE_POLL_MS),
    retry: false,
  });
  const toggle = (next: boolean) => {
    const below = bellRef.current ? window.innerHeight - bellRef.current.getBoundingClientRect().bottom : Infinity;
    if (next) setPlacement(below < FLIP_ABOVE_PX ? 'topRight' : 'bottomRight');
    setOpen(next);
  };
  const total = (data?.anntMsgTotal ?? 0) + (data?.sysMsgTotal ?? 0);

  const show = async (item: Announcement) => {
    setOpen(false);
    // Opening marks it read; the list reloads either way.
    await http.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: item.id }, { silent: true }).catch(() => undefined);
    void client.invalidateQueries({ queryKey: ['notice'] });
    if (item.openType === 'component' && item.openPage) navigate(item.openPage);
    else setDetail(item);
  };
  const more = () => {
    setOpen(false);
    navigate(MY_ANNOUNCEMENTS);
  };

  return (
    <>
      <Popover
        trigger="click"
        placement={placement}
        open={open}
        onOpenChange={toggle}
        arrow={false}
        // on a phone the 300 px panel is moved sideways onto the screen, not left hanging off its edge
        align={{ overflow: { shiftX: true, adjustY: true } }}
        content={
          <Suspense fallback={<div style={{ width: 300, height: 120 }} />}>
            <NoticePanel data={data} onShow={show} onMore={more} />
          </Suspense>
        }
      >
        <Button ref={bellRef} type="text" aria-label={t('消息通知')}>
          <Badge count={total} size="small">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      {detail && (
        <Suspense fallback={null}>
          <AnnouncementModal record={detail} onClose={() => setDetail(null)} />
        </Suspense>
      )}
    </>
  );
}
