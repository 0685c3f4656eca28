// 成绩 of a 危险预判 clip: every submitted viewing with who watched, the score, and whether the pattern
// rule zeroed it, newest first.
import { Modal, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';

interface ClipResult {
  runId: string;
  name: string;
  score: number;
  maxScore: number;
  patterned: boolean;
  submittedAt: string | null;
}

export function ClipResultsModal({ clip, onClose }: { clip?: { id: string; title: string }; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['hazardClipResults', clip?.id],
    queryFn: () => http.get<ClipResult[]>('/students/hazardClip/results', { clipId: clip!.id }),
    enabled: !!clip,
  });
  return (
    <Modal open={!!clip} title={t('{title} 的成绩', { title: clip?.title ?? '' })} footer={null} onCancel={onClose} width={720} destroyOnHidden>
      <Table<ClipResult>
        rowKey="runId"
        size="small"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('学生'), dataIndex: 'name' },
          {
            title: t('得分'),
            dataIndex: 'score',
            render: (_v, r) => (
              <>
                {r.score} / {r.maxScore} {r.patterned && <Tag color="orange">{t('乱点记0分')}</Tag>}
              </>
            ),
          },
          { title: t('提交时间'), dataIndex: 'submittedAt' },
        ]}
      />
    </Modal>
  );
}
