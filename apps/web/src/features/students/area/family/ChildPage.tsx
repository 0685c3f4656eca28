// One child's work as their parent sees it: each assignment with its status, what is done and the scores,
// and the home-school receipt to sign where the teacher asked for one. Nothing here does the work: tests
// and hazard pictures are done in the child's own account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, EditOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import type { ChildAssignment } from '@anxue/shared/family';
import { message } from '../../../../lib/antd/static';
import { t } from '../../../../lib/i18n';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { AREA_ROOT } from '../areaMenu';
import { KIND_TEXT, STATUS_TEXT } from '../assignment/MyAssignments';
import { familyApi } from './api';
import '../assignment/assignment.css';
import './family.css';

const GROUPS: Array<{ title: string; has: (a: ChildAssignment) => boolean }> = [
  { title: '待完成', has: (a) => a.status === 'todo' },
  { title: '已逾期', has: (a) => a.status === 'overdue' },
  { title: '已完成', has: (a) => a.status === 'done' || a.status === 'late' },
];

export default function ChildPage() {
  const { childId = '' } = useParams();
  const kids = useQuery({ queryKey: ['family', 'children'], queryFn: familyApi.children });
  const q = useQuery({ queryKey: ['family', 'assignments', childId], queryFn: () => familyApi.assignments(childId) });
  const name = kids.data?.find((k) => k.id === childId)?.realname;
  return (
    <div className="area-home">
      <PageTitle title={name ? t('{name}的作业', { name }) : t('孩子的作业')} back={{ to: `${AREA_ROOT}/family`, label: t('我的孩子') }} />
      <QueryState query={q} empty={(list) => !list.length} emptyText={t('暂时没有作业')}>
        {(list) =>
          GROUPS.map((g) => {
            const rows = list.filter(g.has);
            if (!rows.length) return null;
            return (
              <section key={g.title} className="asg-group" aria-label={t(g.title)}>
                <h3 className="asg-group-title">
                  {t(g.title)} <span className="area-muted">{rows.length}</span>
                </h3>
                {rows.map((a) => (
                  <ChildAssignmentCard key={a.id} a={a} childId={childId} />
                ))}
              </section>
            );
          })
        }
      </QueryState>
    </div>
  );
}

function ChildAssignmentCard({ a, childId }: { a: ChildAssignment; childId: string }) {
  const client = useQueryClient();
  const sign = useMutation({
    mutationFn: () => familyApi.sign(a.id, childId),
    onSuccess: () => {
      void message.success(t('回执已签收'));
      void client.invalidateQueries({ queryKey: ['family'] });
    },
  });
  return (
    <article className={`asg-card asg-${a.status}`} aria-label={a.title}>
      <div className="asg-head">
        <span className="asg-title">{a.title}</span>
        <span className={`asg-status ${a.status}`}>{t(STATUS_TEXT[a.status])}</span>
      </div>
      <div className="area-muted asg-meta">
        <ClockCircleOutlined /> {t('截止')} {a.dueTime.slice(0, 16)}
        {a.extended && ` · ${t('已延期')}`}
        {a.finishedAt && ` · ${t('完成于 {time}', { time: a.finishedAt.slice(0, 16) })}`}
      </div>
      <ul className="asg-items">
        {a.items.map((i) => (
          <li key={`${i.kind}-${i.id}`} className={`asg-item${i.done ? ' done' : ''}`}>
            {i.done ? <CheckCircleFilled className="asg-tick" aria-hidden /> : <span className="asg-dot" aria-hidden />}
            <span className="asg-kind">{t(KIND_TEXT[i.kind])}</span>
            <span className="asg-item-title">{i.title}</span>
            {i.score !== null && <span className="asg-score">{t('{n}分', { n: i.score })}</span>}
            <span className="asg-state">{i.done ? t('已完成') : t('未完成')}</span>
          </li>
        ))}
      </ul>
      {a.receipt && (
        <div className="fam-receipt">
          {a.receiptAt ? (
            <span className="fam-signed">
              <CheckCircleFilled aria-hidden /> {t('家校回执已签收')} · {a.receiptAt.slice(0, 16)}
              {a.receiptBy && ` · ${a.receiptBy}`}
            </span>
          ) : (
            <>
              <span className="area-muted">{t('老师请家长签收这份作业的回执')}</span>
              <Button type="primary" icon={<EditOutlined />} loading={sign.isPending} onClick={() => sign.mutate()}>
                {t('签收回执')}
              </Button>
            </>
          )}
        </div>
      )}
    </article>
  );
}
