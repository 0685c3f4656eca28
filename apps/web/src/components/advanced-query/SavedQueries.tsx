// The right-hand list of saved queries: click loads one, the icon deletes it after a confirm.
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List } from 'antd';
import { Modal } from '../../lib/antd/static';
import { MESSAGES } from './rules';
import type { SavedQuery } from './types';
import { t } from '../../lib/i18n';

export function SavedQueries({ items, onPick, onDelete }: { items: SavedQuery[]; onPick: (q: SavedQuery) => void; onDelete: (q: SavedQuery) => void }) {
  return (
    <Card size="small" title={t('保存的查询')}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('没有保存任何查询')} />
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
                  aria-label={t('删除 {title}', { title: q.title })}
                  icon={<DeleteOutlined />}
                  onClick={() => Modal.confirm({ title: t('提示'), content: t(MESSAGES.deleteSaved), okText: t('确定'), cancelText: t('取消'), onOk: () => onDelete(q) })}
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
