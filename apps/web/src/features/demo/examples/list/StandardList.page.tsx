// 标准列表 (the original's basic list): counts by status, a filter by status and a search by title, and
// each project with its owner, start time and progress; 编辑 renames one, 删除 removes it (in this page).
import { useMemo, useState } from 'react';
import { Button, Card, Col, Input, List, Modal, Popconfirm, Progress, Radio, Row, Space, Statistic, Tag, Typography } from 'antd';
import { STATUS, sampleProjects, statusText, type ProjectStatus, type SampleProject } from './sampleData';
import { t } from '../../../../lib/i18n';

type Filter = 'all' | ProjectStatus;

export default function StandardListPage() {
  const [projects, setProjects] = useState<SampleProject[]>(sampleProjects);
  const [filter, setFilter] = useState<Filter>('all');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ id: string; title: string } | undefined>();
  const shown = useMemo(
    () => projects.filter((p) => (filter === 'all' || p.status === filter) && (!keyword || p.title.includes(keyword))),
    [projects, filter, keyword],
  );
  const count = (s: ProjectStatus) => projects.filter((p) => p.status === s).length;

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {(['active', 'waiting', 'done'] as const).map((s) => (
            <Col span={8} key={s}>
              <Statistic title={t(`${STATUS[s].text}的项目`)} value={count(s)} suffix={t('个', undefined, 'count')} />
            </Col>
          ))}
        </Row>
      </Card>
      <Card
        title={t('项目列表')}
        extra={
          <>
            <Radio.Group
              value={filter}
              onChange={(e) => setFilter(e.target.value as Filter)}
              optionType="button"
              aria-label={t('按状态筛选')}
              options={[{ value: 'all', label: t('全部') }, ...(['active', 'waiting', 'done'] as const).map((s) => ({ value: s, label: statusText(s) }))]}
            />
            <Input.Search placeholder={t('按名称搜索')} aria-label={t('按名称搜索')} allowClear onSearch={setKeyword} style={{ width: 220, marginLeft: 12 }} />
          </>
        }
      >
        <List<SampleProject>
          itemLayout="vertical"
          dataSource={shown}
          pagination={{ pageSize: 5, showTotal: (total) => t('共 {total} 个项目', { total }), showSizeChanger: false }}
          renderItem={(p) => (
            <List.Item
              key={p.id}
              actions={[
                <Button key="edit" type="link" size="small" onClick={() => setEditing({ id: p.id, title: p.title })}>
                  {t('编辑')}
                </Button>,
                <Popconfirm key="delete" title={t('确定删除「{title}」吗？', { title: p.title })} onConfirm={() => setProjects((all) => all.filter((x) => x.id !== p.id))}>
                  <Button type="link" size="small" danger>
                    {t('删除')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space size={8}>
                    <span>{p.title}</span>
                    <Tag color={STATUS[p.status].color}>{statusText(p.status)}</Tag>
                  </Space>
                }
                description={p.description}
              />
              <Row gutter={16} align="middle">
                <Col xs={12} md={6}>
                  <Typography.Text type="secondary">{t('负责人')}</Typography.Text> {p.owner}
                </Col>
                <Col xs={12} md={8}>
                  <Typography.Text type="secondary">{t('开始时间')}</Typography.Text> {p.start}
                </Col>
                <Col xs={24} md={10}>
                  <Progress percent={p.progress} size="small" status={p.status === 'active' ? 'active' : undefined} aria-label={t('{title}的进度', { title: p.title })} />
                </Col>
              </Row>
            </List.Item>
          )}
        />
      </Card>
      <Modal
        title={t('编辑项目')}
        open={!!editing}
        onCancel={() => setEditing(undefined)}
        okButtonProps={{ disabled: !editing?.title.trim() }}
        onOk={() => {
          if (!editing) return;
          setProjects((all) => all.map((p) => (p.id === editing.id ? { ...p, title: editing.title.trim() } : p)));
          setEditing(undefined);
        }}
        destroyOnHidden
      >
        <Input aria-label={t('项目名称')} value={editing?.title} onChange={(e) => setEditing((ed) => ed && { ...ed, title: e.target.value })} />
      </Modal>
    </>
  );
}
