// 危险预判: the published clips with my best result; each opens its player.
import { VideoCameraOutlined } from '@ant-design/icons';
import { Button, Card, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { t } from '../../../../lib/i18n';
import { Cover } from '../components/Cover';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { CategoryTags } from '../components/StudyCardList';
import { clipApi, clipKeys } from './api';
import './hazardClip.css';

export default function HazardClipList() {
  const query = useQuery({ queryKey: clipKeys.clips, queryFn: clipApi.clips });
  return (
    <QueryState query={query}>
      {(clips) => (
        <>
          <PageTitle title={t('危险预判')} />
          <p className="area-muted">{t('看视频，一发现正在形成的危险就点“看到危险”。越早发现得分越高，每处危险最多5分；乱点或有节奏地连点记0分。')}</p>
          {clips.length === 0 ? (
            <Card>{t('还没有发布的危险预判视频。')}</Card>
          ) : (
            <div className="area-grid">
              {clips.map((c) => (
                <Card key={c.id} size="small" cover={<Cover src={c.cover} alt={c.title} icon={<VideoCameraOutlined />} />} styles={{ body: { padding: 10 } }}>
                  <div className="area-card-title">{c.title}</div>
                  <CategoryTags item={c} />
                  <div className="area-muted">{t('{s} 秒 · {n} 处危险', { s: Math.round(c.duration), n: c.windowCount })}</div>
                  <div className="area-muted">{c.bestScore !== null ? t('我的最好成绩 {score} / {max} 分 · 看过 {n} 次', { score: c.bestScore, max: c.maxScore, n: c.runs }) : t('还没有看过')}</div>
                  <div style={{ marginTop: 8, display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Link to={`/students/hazardClip/${c.id}`}>
                      <Button type="primary" className="clip-open">
                        {c.runs > 0 ? t('再看一次') : t('开始观看')}
                      </Button>
                    </Link>
                    {c.bestScore !== null && c.bestScore > 0 && <Tag color="gold">{t('最好 {score}', { score: c.bestScore })}</Tag>}
                  </div>
                </Card>
              ))}
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}
