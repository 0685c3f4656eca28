import { Checkbox, Radio, Space } from 'antd';
import {
  CRON_EDITOR_BOUNDS,
  CRON_FIELD_LABELS,
  updateField,
  type CronEditorState,
  type SimpleFieldName,
  type SimpleFieldState,
  type SimpleMode,
} from '@anxue/shared/cron/index';
import { NumberField } from './NumberField';
import { checkboxCell, checkboxGrid, radioRow } from './styles';

/** How each unit reads in a sentence ("每隔 5 分钟"). */
const UNIT_WORDS: Record<SimpleFieldName, string> = {
  second: '秒',
  minute: '分钟',
  hour: '小时',
  month: '月',
  year: '年',
};

interface SimpleFieldTabProps {
  field: SimpleFieldName;
  state: CronEditorState;
  onChange: (next: CronEditorState) => void;
}

/** Second, minute, hour, month and year: every / increment / specific list / range. */
export function SimpleFieldTab({ field, state, onChange }: SimpleFieldTabProps) {
  const s = state[field];
  const bounds = CRON_EDITOR_BOUNDS[field];
  const unit = UNIT_WORDS[field];
  const label = CRON_FIELD_LABELS[field];
  // Editing an input also selects the mode it belongs to.
  const set = (patch: Partial<SimpleFieldState>) => onChange(updateField(state, field, patch));
  const values: number[] = [];
  for (let v = bounds.value.min; v <= bounds.value.max; v++) values.push(v);

  return (
    <Radio.Group value={s.mode} onChange={(e) => set({ mode: e.target.value as SimpleMode })}>
      <Space direction="vertical" size={4}>
        <Radio value={1}>每一{unit}</Radio>
        <div style={radioRow}>
          <Radio value={2}>每隔</Radio>
          <NumberField label={`${label}间隔`} value={s.incrementStep} bounds={bounds.step} onChange={(v) => set({ mode: 2, incrementStep: v })} />
          {unit}执行，从
          <NumberField label={`${label}开始`} value={s.incrementStart} bounds={bounds.start} onChange={(v) => set({ mode: 2, incrementStart: v })} />
          {unit}开始
        </div>
        <div>
          <Radio value={3}>具体{unit}数（可多选）</Radio>
          <Checkbox.Group
            style={checkboxGrid}
            value={s.mode === 3 ? s.specific : []}
            onChange={(checked) => {
              // At least one value stays ticked, so what is shown is what is emitted.
              if (checked.length > 0) set({ mode: 3, specific: (checked as number[]).slice().sort((a, b) => a - b) });
            }}
          >
            {values.map((v) => (
              <Checkbox key={v} value={v} style={checkboxCell}>
                {field === 'year' || field === 'month' ? v : String(v).padStart(2, '0')}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </div>
        <div style={radioRow}>
          <Radio value={4}>周期从</Radio>
          <NumberField label={`${label}范围开始`} value={s.rangeStart} bounds={bounds.value} onChange={(v) => set({ mode: 4, rangeStart: v })} />
          到
          <NumberField label={`${label}范围结束`} value={s.rangeEnd} bounds={bounds.value} onChange={(v) => set({ mode: 4, rangeEnd: v })} />
          {unit}
        </div>
      </Space>
    </Radio.Group>
  );
}
