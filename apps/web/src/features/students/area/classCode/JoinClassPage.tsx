// 加入班级: a student types the code their teacher shows; the request waits until the teacher accepts it.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, List, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '../../../../lib/i18n';
import { PageTitle } from '../components/PageTitle';
import { classCodeApi } from './api';

export default function JoinClassPage() {
  const mine = useQuery({ queryKey: ['study', 'myClasses'], queryFn: classCodeApi.mine });
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string }>();

  const submit = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const r = await classCodeApi.join(code);
      setOutcome({ type: 'success', text: t('已向“{name}”提交申请，等待老师通过', { name: r.className }) });
      setCode('');
      await client.invalidateQueries({ queryKey: ['study', 'myClasses'] });
    } catch (err) {
      setOutcome({ type: 'error', text: err instanceof Error ? err.message : t('提交失败') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="class-join">
      <PageTitle title={t('加入班级')} />
      <Card>
        <Typography.Paragraph type="secondary">{t('输入老师给你的6位班级码，老师通过后你就是班级的一员。')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label={t('班级码')} htmlFor="class-join-code">
            <Input
              id="class-join-code"
              size="large"
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              maxLength={8}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="class-join-input"
            />
          </Form.Item>
          <Button type="primary" size="large" block htmlType="submit" loading={busy} disabled={code.trim().length < 6}>
            {t('申请加入')}
          </Button>
        </Form>
        {outcome && <Alert style={{ marginTop: 12 }} type={outcome.type} message={outcome.text} showIcon role={outcome.type === 'error' ? 'alert' : 'status'} />}
      </Card>
      {mine.data && (mine.data.classes.length > 0 || mine.data.requests.length > 0) && (
        <Card title={t('我的班级')} style={{ marginTop: 12 }}>
          <List
            dataSource={[
              ...mine.data.classes.map((c) => ({ key: c.classId, name: c.className, tag: <Tag color="green">{t('已加入')}</Tag> })),
              ...mine.data.requests.map((r) => ({ key: `r${r.classId}`, name: r.className, tag: r.status === 'pending' ? <Tag color="orange">{t('等待老师通过')}</Tag> : <Tag color="red">{t('未通过')}</Tag> })),
            ]}
            renderItem={(item) => (
              // `extra` is for vertical lists: here it pushed the name in and left the tag mid-row
              <List.Item key={item.key}>
                <span>{item.name}</span>
                {item.tag}
              </List.Item>
            )}
          />
        </Card>
      )}
    </div>
  );
}
