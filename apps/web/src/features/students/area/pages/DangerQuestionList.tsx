// 隐患排查: the scenes with my best score; start (or resume) a play. Teachers can show the pictures to
// the whole class in 课堂模式, revealing each hazard as they talk it through.
import { useState } from 'react';
import { AlertOutlined, DesktopOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tag } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { HazardSceneCard } from '@anxue/shared/students';
import { TEACH_PERMISSION } from '@anxue/shared/students-base';
import { usePermission } from '../../../../lib/permission';
import { studyApi, studyKeys } from '../api';
import { t } from '../../../../lib/i18n';
import { Cover } from '../components/Cover';
import { clock } from '../components/format';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { sentences, SpeakButton } from '../components/readAloud';
import { CategoryTags } from '../components/StudyCardList';
import { linkedFirst, linkedProps } from '../components/linked';
import { ClassroomHazards } from '../live/ClassroomHazards';

export default function DangerQuestionList() {
  const navigate = useNavigate();
  const linked = useSearchParams()[0].get('scene');
  const teacher = usePermission().has(TEACH_PERMISSION);
  const query = useQuery({ queryKey: studyKeys.hazards, queryFn: studyApi.hazards });
  const [classroomAt, setClassroomAt] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: (sceneId: string) => studyApi.startHazard(sceneId),
    onSuccess: (play) => navigate(`/students/danger/${play.id}`),
  });
  const play = (s: HazardSceneCard) => (s.openPlayId ? navigate(`/students/danger/${s.openPlayId}`) : start.mutate(s.id));

  return (
    <QueryState query={query}>
      {(all) => {
        const scenes = linkedFirst(all, linked);
        return (
          <>
            <PageTitle
              title={t('隐患排查')}
              extra={
                teacher &&
                scenes.length > 0 && (
                  <Button icon={<DesktopOutlined />} onClick={() => setClassroomAt(0)}>
                    {t('课堂模式')}
                  </Button>
                )
              }
            />
            {scenes.length === 0 ? (
              <Card>{t('还没有发布的隐患排查题。')}</Card>
            ) : (
              <div className="area-grid">
                {scenes.map((s, i) => (
                  <Card key={s.id} {...linkedProps(s.id === linked)} size="small" cover={<Cover src={s.image} alt={s.title} icon={<AlertOutlined />} />} styles={{ body: { padding: 10 } }}>
                    <div className="area-card-title">{s.title}</div>
                    <CategoryTags item={s} />
                    <div className="area-muted">
                      {t('找出 {n} 处隐患', { n: s.requiredCount })}
                      {s.timeLimitSeconds > 0 ? ` · ${t('限时 {time}', { time: clock(s.timeLimitSeconds) })}` : ''}
                    </div>
                    <div className="area-muted">{s.bestScore !== null ? t('我的最好成绩 {score} 分 · 玩过 {n} 次', { score: s.bestScore, n: s.plays }) : t('还没有玩过')}</div>
                    <Space style={{ marginTop: 8 }} wrap>
                      <Button type="primary" size="small" loading={start.isPending && start.variables === s.id} onClick={() => play(s)}>
                        {s.openPlayId ? t('继续排查') : s.plays > 0 ? t('再玩一次') : t('开始排查')}
                      </Button>
                      {teacher && (
                        <Button size="small" icon={<DesktopOutlined />} onClick={() => setClassroomAt(i)} aria-label={t('课堂展示 {title}', { title: s.title })} />
                      )}
                      <SpeakButton text={sentences([s.title, t('找出 {n} 处隐患', { n: s.requiredCount })])} label={t('朗读 {title}', { title: s.title })} />
                      {s.bestScore !== null && s.bestScore > 0 && <Tag color="gold">{t('最好 {score}', { score: s.bestScore })}</Tag>}
                    </Space>
                  </Card>
                ))}
              </div>
            )}
            {classroomAt !== null && (
              <ClassroomHazards start={classroomAt} onClose={() => setClassroomAt(null)} scenes={scenes.map((s) => ({ id: s.id, title: s.title }))} />
            )}
          </>
        );
      }}
    </QueryState>
  );
}
