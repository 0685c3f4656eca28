// 卡片列表 (the original's card list): one card per project with its category and progress; search by
// title or category, 收藏 marks a card (its star count goes up), 详情 opens the project.
import { useMemo, useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, Input, Modal, Progress, Row, Tag, Typography } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { STATUS, sampleProjects, statusText, type SampleProject } from './sampleData';
import { t } from '../../../../lib/i18n';

export default function CardListPage() {
  const [keyword, setKeyword] = useState('');
  const [starred, setStarred] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<SampleProject | undefined>();
  const [projects] = useState(sampleProjects);
  const shown = useMemo(() => projects.filter((p) => !keyword || p.title.includes(keyword) || p.category.includes(keyword)), [projects, keyword]);
  const toggle = (id: string) =>
    setStarred((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Paragraph>{t('安全教育活动一览：每张卡片是一期活动，可以收藏常看的活动。')}</Typography.Paragraph>
        <Input.Search placeholder={t('按名称或类别搜索')} aria-label={t('按名称或类别搜索')} allowClear onSearch={setKeyword} style={{ maxWidth: 360 }} />
      </Card>
      {shown.length === 0 ? (
        <Empty description={t('没有符合条件的活动')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((p) => {
            const isStarred = starred.has(p.id);
            return (
              <Col xs={24} sm={12} lg={8} xl={6} key={p.id}>
                <Card
                  title={p.title}
                  size="small"
                  extra={<Tag color={STATUS[p.status].color}>{statusText(p.status)}</Tag>}
                  actions={[
                    <Button key="star" type="text" size="small" icon={isStarred ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />} onClick={() => toggle(p.id)} aria-pressed={isStarred}>
                      {isStarred ? t('已收藏') : t('收藏')} {p.stars + (isStarred ? 1 : 0)}
                    </Button>,
                    <Button key="open" type="link" size="small" onClick={() => setOpen(p)}>
                      {t('详情')}
                    </Button>,
                  ]}
                >
                  <Tag>{p.category}</Tag>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginTop: 8 }}>
                    {p.description}
                  </Typography.Paragraph>
                  <Progress percent={p.progress} size="small" aria-label={t('{title}的进度', { title: p.title })} />
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      <Modal title={open?.title} open={!!open} onCancel={() => setOpen(undefined)} footer={null} destroyOnHidden>
        {open && (
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('类别')}>{open.category}</Descriptions.Item>
            <Descriptions.Item label={t('负责人')}>{open.owner}</Descriptions.Item>
            <Descriptions.Item label={t('开始时间')}>{open.start}</Descriptions.Item>
            <Descriptions.Item label={t('状态')}>{statusText(open.status)}</Descriptions.Item>
            <Descriptions.Item label={t('简介')}>{open.description}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </>
  );
}
