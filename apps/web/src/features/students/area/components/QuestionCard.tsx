// One question with its options as large tap targets. Single choice and true/false take one label,
// multiple choice a comma list in label order ("A,C"). With `reveal` the right and wrong choices show.
import type { ReactNode } from 'react';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { QuestionType } from '@anxue/shared/students';
import { t } from '../../../../lib/i18n';
import { optionsSpeech, questionSpeech, SpeakButton, useAutoRead } from './readAloud';
import { Tag } from './ui';

/** Chinese, shown through t() where rendered. */
export const TYPE_TEXT: Record<QuestionType, string> = { single: '单选题', multi: '多选题', judge: '判断题' };

export interface QuestionShape {
  type: QuestionType;
  stem: string;
  options: Array<{ label: string; content: string; image: string | null }>;
}

export function splitAnswer(answer: string | null | undefined): string[] {
  return (answer ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

export interface QuestionCardProps {
  question: QuestionShape;
  /** shown before the stem, e.g. "3." */
  number?: string;
  value: string | null | undefined;
  onChange?: (answer: string) => void;
  disabled?: boolean;
  /** the right answer, once known: options are marked right or wrong */
  correctAnswer?: string;
  extra?: ReactNode;
  /** read the question aloud when it is shown, if the user's 自动朗读 is on (one question on screen) */
  autoRead?: boolean;
}

export function QuestionCard({ question, number, value, onChange, disabled, correctAnswer, extra, autoRead = false }: QuestionCardProps) {
  const chosen = new Set(splitAnswer(value));
  const right = correctAnswer !== undefined ? new Set(splitAnswer(correctAnswer)) : null;
  const multi = question.type === 'multi';
  const spoken = questionSpeech(question, t(TYPE_TEXT[question.type]));
  useAutoRead(spoken, autoRead);

  const pick = (label: string) => {
    if (disabled || !onChange) return;
    if (!multi) return onChange(label);
    const next = new Set(chosen);
    if (next.has(label)) next.delete(label);
    else next.add(label);
    onChange(question.options.map((o) => o.label).filter((l) => next.has(l)).join(','));
  };

  return (
    <div>
      <div className="read-aloud-line">
        <div className="area-stem">
          <Tag color="blue">{t(TYPE_TEXT[question.type])}</Tag>
          {number && <strong>{number} </strong>}
          <span style={{ whiteSpace: 'pre-wrap' }}>{question.stem}</span>
        </div>
        <SpeakButton text={spoken} label={t('朗读题目')} />
      </div>
      <div className="read-aloud-options">
        <SpeakButton text={optionsSpeech(question)} label={t('朗读选项')} caption={t('选项')} />
      </div>
      <div className="area-options" role={multi ? 'group' : 'radiogroup'} aria-label={t('选项')}>
        {question.options.map((o) => {
          const isChosen = chosen.has(o.label);
          let state = isChosen ? 'chosen' : '';
          if (right) state = right.has(o.label) ? 'right' : isChosen ? 'wrong' : '';
          return (
            <button
              key={o.label}
              type="button"
              role={multi ? 'checkbox' : 'radio'}
              aria-checked={isChosen}
              className={`area-option ${state}`}
              disabled={disabled}
              onClick={() => pick(o.label)}
            >
              <span className="area-option-label">{o.label}</span>
              <span style={{ flex: 1, minWidth: 0 }}>
                {/* a true/false question's options are the fixed 正确 / 错误 the editor gives it */}
                {question.type === 'judge' ? t(o.content, undefined, 'judge') : o.content}
                {o.image && <img src={o.image} alt={t('选项 {label}', { label: o.label })} style={{ display: 'block', marginTop: 6 }} />}
              </span>
              {right && right.has(o.label) && <CheckOutlined style={{ color: '#52c41a' }} aria-label={t('正确选项')} />}
              {right && isChosen && !right.has(o.label) && <CloseOutlined style={{ color: '#ff4d4f' }} aria-label={t('选错了')} />}
            </button>
          );
        })}
      </div>
      {multi && !disabled && <div className="area-muted">{t('多选题：选出所有正确的选项')}</div>}
      {extra}
    </div>
  );
}
