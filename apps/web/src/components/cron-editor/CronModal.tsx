import { Alert, Flex, Input, Modal, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { MODAL_WIDTHS } from '@anxue/shared/constants';
import {
  CRON_FIELD_LABELS,
  defaultEditorState,
  editorStateToExpression,
  expressionToEditorState,
  type CronEditorState,
  type SimpleFieldName,
} from '@anxue/shared/cron/index';
import { t } from '../../lib/i18n';
import { CronPreview } from './CronPreview';
import { DayTab } from './DayTab';
import { SimpleFieldTab } from './SimpleFieldTab';
import { WeekTab } from './WeekTab';

interface CronModalProps {
  /** The expression to start from; empty loads the defaults. */
  initialValue?: string;
  onOk: (expression: string) => void;
  onCancel: () => void;
}

function initialState(value: string | undefined): { state: CronEditorState; problem?: string } {
  if (!value || !value.trim()) return { state: defaultEditorState() };
  const result = expressionToEditorState(value);
  return result.ok ? { state: result.state } : { state: defaultEditorState(), problem: result.error };
}

/** The 608-wide modal: one tab per field, the built expression and a preview of the next runs. */
export function CronModal({ initialValue, onOk, onCancel }: CronModalProps) {
  const [initial] = useState(() => initialState(initialValue));
  const [state, setState] = useState(initial.state);
  const expression = editorStateToExpression(state);

  const simpleTab = (field: SimpleFieldName) => ({
    key: field,
    label: t(CRON_FIELD_LABELS[field], undefined, 'cron'),
    children: <SimpleFieldTab field={field} state={state} onChange={setState} />,
  });

  return (
    <Modal
      open
      title={t('Cron表达式')}
      width={MODAL_WIDTHS.cron}
      okText={t('确定')}
      cancelText={t('取消')}
      onOk={() => onOk(expression)}
      onCancel={onCancel}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {initial.problem && (
          <Alert type="warning" showIcon message={t('原表达式无法解析（{problem}），已载入默认值', { problem: t(initial.problem) })} />
        )}
        <Tabs
          size="small"
          destroyOnHidden
          items={[
            simpleTab('second'),
            simpleTab('minute'),
            simpleTab('hour'),
            { key: 'day', label: t(CRON_FIELD_LABELS.day, undefined, 'cron'), children: <DayTab state={state} onChange={setState} /> },
            simpleTab('month'),
            { key: 'week', label: t(CRON_FIELD_LABELS.week, undefined, 'cron'), children: <WeekTab state={state} onChange={setState} /> },
            simpleTab('year'),
          ]}
        />
        <Flex align="center" gap={8}>
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>{t('表达式')}</Typography.Text>
          <Input aria-label={t('生成的表达式')} readOnly value={expression} />
        </Flex>
        <CronPreview expression={expression} />
      </Space>
    </Modal>
  );
}
