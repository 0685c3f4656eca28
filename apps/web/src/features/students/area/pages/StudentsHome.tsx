// /students: a signed-in user sees 我的作业 first, then the area's pages; a visitor gets a welcome and a way in.
import { Button, Card, Result, Typography } from 'antd';
import { AlertOutlined, FormOutlined, ReadOutlined, SafetyCertificateOutlined, TrophyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useBranding } from '../../../../lib/branding';
import { useSession } from '../../../../lib/session/store';
import { t } from '../../../../lib/i18n';
import { AREA_ROOT, areaEntries, backOfficeTarget } from '../areaMenu';
import { useSignedIn } from '../StudentLayout';
import { MyAssignments } from '../assignment/MyAssignments';
import { MyCertificates } from '../recognition/MyCertificates';
import { MyCredits } from '../credits/MyCredits';
import { FamilyHome } from '../family/FamilyHome';
import { LiveEntry } from '../live/LiveEntry';

/** Texts stay Chinese here and are shown through t() when the page renders. */
const FEATURES = [
  { icon: <ReadOutlined />, title: '课程学习', text: '动画视频、图片和文章，学过的进度会替你记着。' },
  { icon: <FormOutlined />, title: '理论题库', text: '一题一练马上知道对错，错题自动进错题本。' },
  { icon: <AlertOutlined />, title: '隐患排查', text: '在图片里点出安全隐患，看看你能找到几处。' },
  { icon: <TrophyOutlined />, title: '竞赛队伍', text: '和同学组队答题，一起冲上排行榜。' },
];

export default function StudentsHome() {
  const siteName = useBranding().name;
  const signedIn = useSignedIn();
  const menu = useSession((s) => s.permissionList);
  if (signedIn) {
    const entries = areaEntries(menu);
    // a parent's home is 我的孩子: they hold none of the study pages
    if (entries.length && entries.every((e) => e.key === 'family')) return <FamilyHome />;
    if (entries.length) {
      const teaches = entries.some((e) => e.key === 'classStats');
      return (
        <div className="area-home">
          {!teaches && entries.some((e) => e.key === 'theoryQuestionList') && <LiveEntry />}
          <MyAssignments />
          {!teaches && <MyCredits />}
          <MyCertificates />
          {teaches && (
            <Link to={`${AREA_ROOT}/assignments`} className="asg-teacher-link">
              {t('布置和查看作业')}
            </Link>
          )}
          <nav className="area-home-entries" aria-label={t('学习园地')}>
            {entries.map((e) => (
              <Link key={e.key} to={e.path} className="area-home-entry">
                {e.title}
              </Link>
            ))}
          </nav>
        </div>
      );
    }
    const backOffice = backOfficeTarget(menu);
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
