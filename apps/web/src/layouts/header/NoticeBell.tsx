// The notice bell: count badge and a popover with 通知 / 系统消息, polled every 6 s until an error
// stops the polling (spec/01 §4).
import { lazy, Suspense, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NOTICE_POLL_MS } from '@anxue/shared/constants';
import { http } from '../../lib/http';
import type { Announcement, NoticeList } from '../../lib/types';

const NoticePanel = lazy(() => import('./NoticePanel'));
const AnnouncementModal = lazy(() => import('../../components/dialogs/AnnouncementModal').then((m) => ({ default: m.AnnouncementModal })));

export const MY_ANNOUNCEMENTS = '/isps/userAnnouncement';

export function NoticeBell() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Announcement | null>(null);
  const { data } = useQuery({
    queryKey: ['notice', 'listByUser'],
    queryFn: () => http.get<NoticeList>('/sys/annountCement/listByUser', undefined, { silent: true }),
    refetchInterval: (q) => (q.state.status === 'error' ? false : NOTICE_POLL_MS),
    retry: false,
  });
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
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        arrow={false}
        content={
          <Suspense fallback={<div style={{ width: 300, height: 120 }} />}>
            <NoticePanel data={data} onShow={show} onMore={more} />
          </Suspense>
        }
      >
        <Button type="text" aria-label="消息通知">
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
