// What /students shows a visitor (a welcome and a way in) and a signed-in user without the area (a note and
// the back office): apart from the home, so a student's phone does not fetch Typography and Result for them.
import { Button, Card, Result, Typography } from 'antd';
import { AlertOutlined, FormOutlined, ReadOutlined, SafetyCertificateOutlined, TrophyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useBranding } from '../../../../lib/branding';
import { t } from '../../../../lib/i18n';
import { AREA_ROOT } from '../areaMenu';

/** Texts stay Chinese here and are shown through t() when the page renders. */
const FEATURES = [
  { icon: <ReadOutlined />, title: '课程学习', text: '动画视频、图片和文章，学过的进度会替你记着。' },
  { icon: <FormOutlined />, title: '理论题库', text: '一题一练马上知道对错，错题自动进错题本。' },
  { icon: <AlertOutlined />, title: '隐患排查', text: '在图片里点出安全隐患，看看你能找到几处。' },
  { icon: <TrophyOutlined />, title: '竞赛队伍', text: '和同学组队答题，一起冲上排行榜。' },
];

export function NoArea({ backOffice }: { backOffice?: string }) {
  return (
    <Result
      status="info"
      title={t('你的账号还没有开通学习园地')}
      subTitle={t('请联系老师或管理员为你分配学生或教师角色。')}
      extra={
        backOffice && (
          <Link to={backOffice}>
            <Button type="primary">{t('进入管理后台')}</Button>
          </Link>
        )
      }
    />
  );
}

export default function Welcome() {
  const siteName = useBranding().name;
  return (
    <div style={{ maxWidth: 640, margin: '0 auto' }}>
      <Card style={{ textAlign: 'center', marginBottom: 12 }}>
        <SafetyCertificateOutlined style={{ fontSize: 48, color: '#1677ff' }} />
        <Typography.Title level={3} style={{ marginTop: 12 }}>
          {t('欢迎来到{title}学习园地', { title: siteName })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('安全知识学起来，危险隐患找出来。登录后开始你的学习。')}</Typography.Paragraph>
        <Link to={`/user/login?redirect=${encodeURIComponent(AREA_ROOT)}`}>
          <Button type="primary" size="large" style={{ minWidth: 160 }}>
            {t('登录')}
          </Button>
        </Link>
      </Card>
      <div className="area-grid">
        {FEATURES.map((f) => (
          <Card key={f.title} size="small">
            <div style={{ fontSize: 24, color: '#1677ff' }}>{f.icon}</div>
            <div className="area-card-title">{t(f.title)}</div>
            <div className="area-muted">{t(f.text)}</div>
          </Card>
        ))}
      </div>
    </div>
  );
}
