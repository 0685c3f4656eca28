// The notice bell: its unread count and a panel with 通知 / 系统消息 (spec/01 §4, §7). A live socket tells
// it when a notice is released; only while the socket is down is the list polled every 6 s, and an
// error stops the polling. A pushed notice is told as the user chose in 新消息通知: read aloud, an in-page
// popup, a system notification while the tab is hidden. The count is a plain number and the panel a
// light non-modal dialog of its own; what it lists (antd's tabs and list) loads when it is first opened.
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NOTICE_POLL_MS } from '@anxue/shared/constants';
import { http } from '../../lib/http';
import { connectNoticeSocket, onNoticesChanged, type NoticePushMessage } from '../../lib/noticeSocket';
import { appConfig } from '../../lib/runtimeConfig';
import { useSession } from '../../lib/session/store';
import { speakNotice } from '../../lib/speech';
import { showDesktopNotice } from '../../lib/desktopNotice';
import { showInfo } from '../../lib/notices';
import type { Announcement, NoticeList } from '../../lib/types';
import { useDisplay } from '../../lib/display/store';
import { t } from '../../lib/i18n';
import './NoticeBell.css';

const NoticePanel = lazy(() => import('./NoticePanel'));
const AnnouncementModal = lazy(() => import('../../components/dialogs/AnnouncementModal').then((m) => ({ default: m.AnnouncementModal })));

export const MY_ANNOUNCEMENTS = '/isps/userAnnouncement';
/** Less room than this under the bell opens the panel above it. */
const FLIP_ABOVE_PX = 350;
/** The panel's width (its list's and its padding), and its least distance from the screen's edges. */
const PANEL_WIDTH = 324;
const EDGE = 8;

/** Where the panel stands for the bell at `bell`: under it (or above, near the bottom), moved sideways onto a narrow screen. */
function panelPlace(bell: DOMRect): CSSProperties {
  const width = Math.min(PANEL_WIDTH, window.innerWidth - 2 * EDGE);
  const left = Math.min(Math.max(bell.right - width, EDGE), window.innerWidth - EDGE - width);
  const below = window.innerHeight - bell.bottom;
  return below < FLIP_ABOVE_PX ? { left, width, bottom: window.innerHeight - bell.top + 4 } : { left, width, top: bell.bottom + 4 };
}

/** The bell's own shape (Ant Design's BellOutlined, MIT), inline: no icon chunk for the header. */
const BellIcon = () => (
  <svg viewBox="64 64 896 896" width="16" height="16" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M816 768h-24V428c0-141.1-104.3-257.7-240-277.1V112c0-22.1-17.9-40-40-40s-40 17.9-40 40v38.9c-135.7 19.4-240 136-240 277.1v340h-24c-17.7 0-32 14.3-32 32v32c0 4.4 3.6 8 8 8h216c0 61.8 50.2 112 112 112s112-50.2 112-112h216c4.4 0 8-3.6 8-8v-32c0-17.7-14.3-32-32-32zM512 888c-26.5 0-48-21.5-48-48h96c0 26.5-21.5 48-48 48zM304 768V428c0-55.6 21.6-107.8 60.9-147.1S456.4 220 512 220c55.6 0 107.8 21.6 147.1 60.9S720 372.4 720 428v340H304z" />
  </svg>
);

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
  const [place, setPlace] = useState<CSSProperties>({});
  const bellRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const countId = useId();
  const panelId = useId();
  const live = useNoticeSocket((msg) => {
    const how = useDisplay.getState();
    speakNotice(msg.msgTxt, { enabled: how.speakNotices });
    showDesktopNotice(msg.msgTxt, { enabled: how.desktopNotices, tag: msg.msgId });
    if (how.noticePopup && msg.msgTxt) void showInfo(t('收到新消息'), msg.msgTxt);
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
    if (next && bellRef.current) setPlace(panelPlace(bellRef.current.getBoundingClientRect()));
    setOpen(next);
  };
  useLayoutEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !bellRef.current?.contains(target)) setOpen(false);
    };
    // Esc closes it wherever the focus is; the focus leaving the panel and the bell closes it too
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const inside = panelRef.current?.contains(document.activeElement) || document.activeElement === document.body;
      setOpen(false);
      if (inside) bellRef.current?.focus();
    };
    const focusMoved = (e: FocusEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !bellRef.current?.contains(target)) setOpen(false);
    };
    const moved = () => bellRef.current && setPlace(panelPlace(bellRef.current.getBoundingClientRect()));
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    document.addEventListener('focusin', focusMoved);
    window.addEventListener('resize', moved);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
      document.removeEventListener('focusin', focusMoved);
      window.removeEventListener('resize', moved);
    };
  }, [open]);
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
      <Button
        ref={bellRef}
        type="text"
        className="notice-bell"
        aria-label={t('消息通知')}
        aria-describedby={total ? countId : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => toggle(!open)}
      >
        <BellIcon />
        {total > 0 && (
          <span className="notice-bell-count" aria-hidden="true">
            {total > 99 ? '99+' : total}
          </span>
        )}
      </Button>
      {/* the count as words, for the bell's spoken description */}
      <span id={countId} hidden>
        {t('{count} 条未读', { count: total })}
      </span>
      {open &&
        createPortal(
          <div
            ref={panelRef}
            id={panelId}
            role="dialog"
            aria-label={t('消息通知')}
            tabIndex={-1}
            className="notice-bell-panel"
            style={place}
          >
            <Suspense fallback={<div className="notice-bell-loading" />}>
              <NoticePanel data={data} onShow={show} onMore={more} />
            </Suspense>
          </div>,
          document.body,
        )}
      {detail && (
        <Suspense fallback={null}>
          <AnnouncementModal record={detail} onClose={() => setDetail(null)} />
        </Suspense>
      )}
    </>
  );
}
