// Answering one practice question (練習 and 错题本): the question, then the server's verdict, the right
// answer and the analysis, and what the answer did to the wrong-answer book.
import { useState } from 'react';
import { Button } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PracticeQuestion, PracticeVerdict } from '@anxue/shared/students';
import { studyApi, studyKeys } from '../api';
import { t } from '../../../../lib/i18n';
import { QuestionCard } from '../components/QuestionCard';
import { Notice } from '../components/ui';
import { sentences, SpeakButton } from '../components/readAloud';

/** The server's verdict on an answer, with the analysis and what it did to the wrong-answer book. */
function VerdictPanel({ verdict }: { verdict: PracticeVerdict }) {
  const book = verdict.wrongBook;
  let bookText: string | null = null;
  if (book?.mastered) bookText = t('已掌握，移出错题本');
  else if (book && !verdict.right) bookText = t('已记入错题本（累计错 {n} 次）', { n: book.wrongCount });
  else if (book && verdict.right) bookText = t('再答对 {n} 次就能移出错题本', { n: Math.max(1, 2 - book.rightStreak) });
  const message = verdict.right ? t('回答正确') : t('回答错误，正确答案：{answer}', { answer: verdict.correctAnswer });
  return (
    <Notice
      className="area-verdict"
      type={verdict.right ? 'success' : 'error'}
      message={message}
      // a child who reads slowly hears whether they were right, and why
      action={<SpeakButton text={sentences([message, verdict.analysis && t('解析：{text}', { text: verdict.analysis })])} label={t('朗读解析')} />}
      description={
        <>
          {verdict.analysis && <div style={{ whiteSpace: 'pre-wrap' }}>{t('解析：{text}', { text: verdict.analysis })}</div>}
          {bookText && <div className="area-muted">{bookText}</div>}
        </>
      }
    />
  );
}

/** Answering one question: single choice and true/false send on tap, multiple choice on 提交. */
export function AnswerQuestion({ question, onVerdict, number }: { question: PracticeQuestion; number?: string; onVerdict?: (v: PracticeVerdict) => void }) {
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState('');
  const submit = useMutation({
    mutationFn: (a: string) => studyApi.practiceAnswer(question.id, a),
    onSuccess: (v) => {
      onVerdict?.(v);
      void queryClient.invalidateQueries({ queryKey: studyKeys.wrongBook });
    },
  });
  const verdict = submit.data;
  const choose = (a: string) => {
    setAnswer(a);
    if (question.type !== 'multi') submit.mutate(a);
  };
  return (
    <>
      <QuestionCard
        autoRead
        question={question}
        number={number}
        value={answer}
        onChange={choose}
        disabled={!!verdict || submit.isPending}
        correctAnswer={verdict?.correctAnswer}
      />
      {question.type === 'multi' && !verdict && (
        <Button type="primary" block disabled={!answer} loading={submit.isPending} onClick={() => submit.mutate(answer)}>
          {t('提交答案')}
        </Button>
      )}
      {submit.error && <Notice type="error" className="area-verdict" message={submit.error.message} />}
      {verdict && <VerdictPanel verdict={verdict} />}
    </>
  );
}
