// 打印登录卡 and 重置密码 for a class's teacher in the student area (teachers have no back-office class page):
// the same API and print page as 班级管理; the passwords are shown once and never stored.
import { useState } from 'react';
import { Alert, Button, Card, List, Popconfirm, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { teachApi } from '../api';
import { t } from '../../../../lib/i18n';
import { message } from '../../../../lib/antd/static';
import { holdCards, printClassCards, PRINT_CARDS_PATH, resetStudentPassword, type LoginCard } from '../../backoffice/class/roster/cards';

// the confirmations are tapped on a phone too
const confirmButtons = { rootClassName: 'class-login-confirm', okButtonProps: { size: 'large' as const }, cancelButtonProps: { size: 'large' as const } };

export function ClassLoginCards({ classId, grade }: { classId: string; grade?: string | null }) {
  const stats = useQuery({ queryKey: ['teach', 'classStats', classId], queryFn: () => teachApi.classStats(classId) });
  const navigate = useNavigate();
  const [shown, setShown] = useState<LoginCard>();
  // a class of 40 would push the statistics far down: the reset list opens on demand
  const [listing, setListing] = useState(false);
  const students = stats.data?.students ?? [];
  const printAll = async () => {
    const res = await printClassCards(classId);
    if (!res.cards.length) return void message.info(t('本班学生都已修改过初始密码'));
    const gradeText = grade ?? res.grade;
    holdCards([gradeText, res.className].filter(Boolean).join(' '), res.cards.map((c) => ({ ...c, className: res.className, grade: gradeText })));
    navigate(PRINT_CARDS_PATH);
  };
  return (
    <Card title={t('登录卡')} style={{ marginBottom: 12 }}>
      <Typography.Paragraph type="secondary">{t('为尚未修改初始密码的学生生成新的初始密码并打印登录卡；学生忘了密码时可以单独重置。')}</Typography.Paragraph>
      <Popconfirm title={t('为尚未修改初始密码的学生生成新的初始密码并打印登录卡？已打印的旧卡将失效。')} onConfirm={printAll} {...confirmButtons}>
        <Button type="primary" size="large" block disabled={!students.length}>
          {t('打印登录卡')}
        </Button>
      </Popconfirm>
      {shown && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setShown(undefined)}
          message={t('“{name}”的新初始密码', { name: shown.realname ?? shown.username })}
          description={
            <>
              {t('账号')}：{shown.username}
              <br />
              {t('初始密码')}：<code data-testid="reset-password">{shown.password}</code>
            </>
          }
          className="class-login-alert"
          style={{ marginTop: 12 }}
        />
      )}
      <Button size="large" block style={{ marginTop: 12 }} aria-expanded={listing} onClick={() => setListing(!listing)} disabled={!students.length}>
        {listing ? t('收起学生名单') : t('重置学生密码（{n} 人）', { n: students.length })}
      </Button>
      {listing && (
        <List
          loading={stats.isLoading}
          dataSource={students}
          locale={{ emptyText: t('这个班还没有学生') }}
          renderItem={(s) => (
            <List.Item key={s.userId} className="class-login-student">
              <span className="class-login-name">{s.realname}</span>
              <Popconfirm title={t('重置“{name}”的密码？新密码只显示一次，学生下次登录时须修改。', { name: s.realname })} onConfirm={async () => setShown(await resetStudentPassword(classId, s.userId))} {...confirmButtons}>
                <Button size="large" aria-label={t('重置密码（{name}）', { name: s.realname })}>
                  {t('重置密码')}
                </Button>
              </Popconfirm>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
