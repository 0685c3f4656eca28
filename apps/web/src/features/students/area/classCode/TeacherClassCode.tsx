// A class's code as its teacher shows it to the class, a way to renew it, and the requests waiting.
import { Button, Card, Empty, List, Modal, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '../../../../lib/i18n';
import { classCodeApi } from './api';

export function TeacherClassCode({ classId }: { classId: string }) {
  const key = ['teach', 'classCode', classId];
  const view = useQuery({ queryKey: key, queryFn: () => classCodeApi.teacherView(classId) });
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const renew = () =>
    Modal.confirm({
      title: t('更换班级码'),
      content: t('更换后旧的班级码不能再用来申请加入。'),
      okText: t('更换'),
      cancelText: t('取消'),
      onOk: async () => {
        await classCodeApi.renew(classId);
        await refresh();
      },
    });
  const decide = async (requestId: string, accept: boolean) => {
    await classCodeApi.decide(classId, requestId, accept);
    await refresh();
    await client.invalidateQueries({ queryKey: ['teach'] });
  };
  const code = view.data?.code;
  return (
    <Card title={t('班级码')} style={{ marginBottom: 12 }}>
      <div className="class-code-show">
        <Typography.Text className="class-code-value" aria-label={t('班级码')} data-testid="class-code">
          {code ?? '—'}
        </Typography.Text>
        <Button size="large" onClick={renew} disabled={!code}>
          {t('更换')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('学生在学习园地的“加入班级”里输入班级码，你通过后就加入本班。')}
      </Typography.Paragraph>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('待通过的申请')}
      </Typography.Title>
      {view.data?.requests.length ? (
        <List
          dataSource={view.data.requests}
          renderItem={(r) => (
            <List.Item key={r.id}>
              <div className="class-code-request">
                <span>
                  {r.realname || r.username}
                  {r.workNo ? <Typography.Text type="secondary">（{r.workNo}）</Typography.Text> : null}
                </span>
                <Space wrap>
                  {/* no space put between the two characters: the spoken name must hold the visible text */}
                  <Button type="primary" size="large" autoInsertSpace={false} onClick={() => decide(r.id, true)} aria-label={t('通过 {name}', { name: r.realname || r.username })}>
                    {t('通过')}
                  </Button>
                  <Button danger size="large" autoInsertSpace={false} onClick={() => decide(r.id, false)} aria-label={t('拒绝 {name}', { name: r.realname || r.username })}>
                    {t('拒绝')}
                  </Button>
                </Space>
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('没有待通过的申请')} />
      )}
    </Card>
  );
}
