// 搜索列表 (the original's search list): a search box, categories to pick, owner and status filters, and
// the matching articles with their counts; the filters combine.
import { useMemo, useState } from 'react';
import { Card, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { LikeOutlined, MessageOutlined, StarOutlined } from '@ant-design/icons';
import { STATUS, sampleCategories, sampleProjects, statusText, type ProjectStatus } from './sampleData';
import { t } from '../../../../lib/i18n';

export default function SearchListPage() {
  const [projects] = useState(sampleProjects);
  const owners = useMemo(() => [...new Set(projects.map((p) => p.owner))], [projects]);
  const [keyword, setKeyword] = useState('');
  const [categories, setCategories] = useState<string[]>([]);
  const [owner, setOwner] = useState<string | undefined>();
  const [status, setStatus] = useState<ProjectStatus | undefined>();
  const shown = useMemo(
    () =>
      projects.filter(
        (p) =>
          (!keyword || p.title.includes(keyword) || p.description.includes(keyword)) &&
          (!categories.length || categories.includes(p.category)) &&
          (!owner || p.owner === owner) &&
          (!status || p.status === status),
      ),
    [projects, keyword, categories, owner, status],
  );

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Input.Search placeholder={t('搜索文章')} aria-label={t('搜索文章')} enterButton={t('搜索')} size="large" allowClear onSearch={setKeyword} style={{ maxWidth: 560 }} />
      </Card>
      <Card style={{ marginBottom: 16 }}>
        <Form layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label={t('所属类目')}>
            <Space wrap>
              {sampleCategories().map((c) => (
                <Tag.CheckableTag key={c} checked={categories.includes(c)} onChange={(on) => setCategories((cs) => (on ? [...cs, c] : cs.filter((x) => x !== c)))}>
                  {c}
                </Tag.CheckableTag>
              ))}
            </Space>
          </Form.Item>
          <Form.Item label={t('负责人')}>
            <Select allowClear placeholder={t('不限')} aria-label={t('负责人')} style={{ width: 140 }} value={owner} onChange={setOwner} options={owners.map((o) => ({ value: o, label: o }))} />
          </Form.Item>
          <Form.Item label={t('状态')}>
            <Select
              allowClear
              placeholder={t('不限')}
              aria-label={t('状态')}
              style={{ width: 140 }}
              value={status}
              onChange={setStatus}
              options={(Object.keys(STATUS) as ProjectStatus[]).map((s) => ({ value: s, label: statusText(s) }))}
            />
          </Form.Item>
        </Form>
      </Card>
      <Card title={t('搜索结果（共 {n} 条）', { n: shown.length })}>
        <List
          itemLayout="vertical"
          dataSource={shown}
          locale={{ emptyText: t('没有符合条件的文章') }}
          pagination={{ pageSize: 5, showSizeChanger: false }}
          renderItem={(p) => (
            <List.Item
              key={p.id}
              actions={[
                <span key="star" aria-label={t('收藏 {n}', { n: p.stars })}>
                  <StarOutlined /> {p.stars}
                </span>,
                <span key="like" aria-label={t('点赞 {n}', { n: p.likes })}>
                  <LikeOutlined /> {p.likes}
                </span>,
                <span key="comment" aria-label={t('评论 {n}', { n: p.comments })}>
                  <MessageOutlined /> {p.comments}
                </span>,
              ]}
            >
              <List.Item.Meta
                title={p.title}
                description={
                  <Space size={4} wrap>
                    <Tag>{p.category}</Tag>
                    <Tag color={STATUS[p.status].color}>{statusText(p.status)}</Tag>
                  </Space>
                }
              />
              <Typography.Paragraph style={{ marginBottom: 4 }}>{p.description}</Typography.Paragraph>
              <Typography.Text type="secondary">{t('{owner} 发布于 {time}', { owner: p.owner, time: p.start })}</Typography.Text>
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
