// 错题本 of 理论题库: the questions answered wrong, each answered again until right twice in a row.
import { useState } from 'react';
import { Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WrongBookEntry } from '@anxue/shared/students';
import { studyApi, studyKeys } from '../api';
import { t } from '../../../../lib/i18n';
import { QueryState } from '../components/QueryState';
import { TYPE_TEXT } from '../components/QuestionCard';
import { EmptyState, Panel, Tag } from '../components/ui';
import { AnswerQuestion } from './AnswerQuestion';

export default function WrongBookTab() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: studyKeys.wrongBook, queryFn: studyApi.wrongBook });
  const [active, setActive] = useState<string | null>(null);
  const close = () => {
    setActive(null);
    void queryClient.invalidateQueries({ queryKey: studyKeys.wrongBook });
  };
  return (
    <QueryState query={query}>
      {(entries) =>
        entries.length === 0 ? (
          <EmptyState status="success" title={t('错题本是空的')} description={t('答错的题会自动记在这里；同一道题连续答对两次就会移出。')} />
        ) : (
          <>
            <div className="area-muted" style={{ marginBottom: 8 }}>
              {t('共 {n} 道错题，连续答对两次移出错题本', { n: entries.length })}
            </div>
            <div className="area-stack">
              {entries.map((e) => (
                <WrongEntry key={e.questionId} entry={e} active={active === e.questionId} onOpen={() => setActive(e.questionId)} onClose={close} />
              ))}
            </div>
          </>
        )
      }
    </QueryState>
  );
}

function WrongEntry({ entry, active, onOpen, onClose }: { entry: WrongBookEntry; active: boolean; onOpen: () => void; onClose: () => void }) {
  const [done, setDone] = useState(false);
  return (
    <Panel extra={<Tag color="error">{t('错 {n} 次', { n: entry.wrongCount })}</Tag>} title={t(TYPE_TEXT[entry.question.type])}>
      {active ? (
        <>
          <AnswerQuestion question={entry.question} onVerdict={() => setDone(true)} />
          {done && (
            <Button block style={{ marginTop: 12 }} onClick={onClose}>
              {t('收起')}
            </Button>
          )}
        </>
      ) : (
        <>
          <div className="area-stem" style={{ whiteSpace: 'pre-wrap' }}>
            {entry.question.stem}
          </div>
          <div className="area-actions area-actions-spread">
            <span className="area-muted">{entry.lastWrongAt ? t('最近答错 {time}', { time: entry.lastWrongAt.slice(0, 16) }) : ''}</span>
            <Button type="primary" size="small" onClick={onOpen}>
              {t('再做一次')}
            </Button>
          </div>
        </>
      )}
    </Panel>
  );
}
