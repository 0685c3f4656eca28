// 隐患排查: the scenes with my best score; start (or resume) a play. Teachers can show the pictures to
// the whole class in 课堂模式.
import { useState } from 'react';
import { AlertOutlined, DesktopOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tag } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TEACH_PERMISSION, type HazardSceneCard } from '@anxue/shared/students';
import { usePermission } from '../../../../lib/permission';
import { studyApi, studyKeys } from '../api';
import { ClassroomView } from '../components/ClassroomView';
import { Cover } from '../components/Cover';
import { clock } from '../components/format';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { CategoryTags } from '../components/StudyCardList';

export default function DangerQuestionList() {
  const navigate = useNavigate();
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
      {(scenes) => (
        <>
          <PageTitle
            title="隐患排查"
            extra={
              teacher &&
              scenes.length > 0 && (
                <Button icon={<DesktopOutlined />} onClick={() => setClassroomAt(0)}>
                  课堂模式
                </Button>
              )
            }
          />
          {scenes.length === 0 ? (
            <Card>还没有发布的隐患排查题。</Card>
          ) : (
            <div className="area-grid">
              {scenes.map((s, i) => (
                <Card key={s.id} size="small" cover={<Cover src={s.image} alt={s.title} icon={<AlertOutlined />} />} styles={{ body: { padding: 10 } }}>
                  <div className="area-card-title">{s.title}</div>
                  <CategoryTags item={s} />
                  <div className="area-muted">
                    找出 {s.requiredCount} 处隐患{s.timeLimitSeconds > 0 ? ` · 限时 ${clock(s.timeLimitSeconds)}` : ''}
                  </div>
                  <div className="area-muted">{s.bestScore !== null ? `我的最好成绩 ${s.bestScore} 分 · 玩过 ${s.plays} 次` : '还没有玩过'}</div>
                  <Space style={{ marginTop: 8 }} wrap>
                    <Button type="primary" size="small" loading={start.isPending && start.variables === s.id} onClick={() => play(s)}>
                      {s.openPlayId ? '继续排查' : s.plays > 0 ? '再玩一次' : '开始排查'}
                    </Button>
                    {teacher && (
                      <Button size="small" icon={<DesktopOutlined />} onClick={() => setClassroomAt(i)} aria-label={`课堂展示 ${s.title}`} />
                    )}
                    {s.bestScore !== null && s.bestScore > 0 && <Tag color="gold">最好 {s.bestScore}</Tag>}
                  </Space>
                </Card>
              ))}
            </div>
          )}
          {classroomAt !== null && (
            <ClassroomView
              start={classroomAt}
              onClose={() => setClassroomAt(null)}
              slides={scenes.map((s) => ({
                key: s.id,
                title: s.title,
                content: s.image ? <img src={s.image} alt={s.title} /> : <span>{s.title}（没有图片）</span>,
              }))}
            />
          )}
        </>
      )}
    </QueryState>
  );
}
