// The right-hand list of saved queries: click loads one, the icon deletes it after a confirm.
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List } from 'antd';
import { Modal } from '../../lib/antdStatic';
import { MESSAGES } from './rules';
import type { SavedQuery } from './types';

export function SavedQueries({ items, onPick, onDelete }: { items: SavedQuery[]; onPick: (q: SavedQuery) => void; onDelete: (q: SavedQuery) => void }) {
  return (
    <Card size="small" title="保存的查询">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有保存任何查询" />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(q) => (
            <List.Item
              actions={[
                <Button
                  key="del"
                  type="text"
                  size="small"
                  aria-label={`删除 ${q.title}`}
                  icon={<DeleteOutlined />}
                  onClick={() => Modal.confirm({ title: '提示', content: MESSAGES.deleteSaved, okText: '确定', cancelText: '取消', onOk: () => onDelete(q) })}
                />,
              ]}
            >
              <a onClick={() => onPick(q)} title={q.title}>
                {q.title}
              </a>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
