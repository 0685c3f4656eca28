// The notice popover's content (loaded when the bell is first opened): 通知 / 系统消息 and 查看更多.
import { Button, Empty, List, Tabs, Tag } from 'antd';
import { MODAL_WIDTHS, PRIORITY } from '@anxue/shared/constants';
import type { Announcement, NoticeList } from '../../lib/types';
import { t } from '../../lib/i18n';

const PRIORITY_COLOR: Record<string, string> = { L: 'blue', M: 'orange', H: 'red' };

export interface NoticePanelProps {
  data?: NoticeList;
  onShow: (item: Announcement) => void;
  onMore: () => void;
}

export default function NoticePanel({ data, onShow, onMore }: NoticePanelProps) {
  const list = (items: Announcement[] | undefined) =>
    items?.length ? (
      <List
        size="small"
        dataSource={items}
        renderItem={(item) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            role="button"
            tabIndex={0}
            onClick={() => onShow(item)}
            // a notice opens from the keyboard too
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onShow(item);
              }
            }}
          >
            <List.Item.Meta title={item.titile} description={item.createTime ?? item.sendTime} />
            {item.priority && <Tag color={PRIORITY_COLOR[item.priority]}>{PRIORITY[item.priority as keyof typeof PRIORITY] ?? item.priority}</Tag>}
          </List.Item>
        )}
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无消息')} />
    );
  return (
    <div style={{ width: MODAL_WIDTHS.noticePopover, maxWidth: '100%' }}>
      <Tabs
        centered
        items={[
          { key: 'annt', label: `通知(${data?.anntMsgTotal ?? 0})`, children: list(data?.anntMsgList) },
          { key: 'sys', label: `系统消息(${data?.sysMsgTotal ?? 0})`, children: list(data?.sysMsgList) },
        ]}
      />
      <Button type="dashed" block onClick={onMore} style={{ marginTop: 8 }}>
        {t('查看更多')}
      </Button>
    </div>
  );
}
