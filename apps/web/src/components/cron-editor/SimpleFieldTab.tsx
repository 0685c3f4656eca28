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
import { t } from '../../lib/i18n';
import { NumberField } from './NumberField';
import { checkboxCell, checkboxGrid, radioRow } from './styles';

/** How each unit reads in a sentence ("每隔 5 分钟"); translated while rendering as 'second' (context cronUnit) and 'seconds' (cronUnits). */
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
  const zhUnit = UNIT_WORDS[field];
  // The Chinese sentence uses `unit`; the English one the singular `unit` and the plural `units`.
  const words = { unit: t(zhUnit, undefined, 'cronUnit'), units: t(zhUnit, undefined, 'cronUnits') };
  const label = { field: t(CRON_FIELD_LABELS[field], undefined, 'cron') };
  // Editing an input also selects the mode it belongs to.
  const set = (patch: Partial<SimpleFieldState>) => onChange(updateField(state, field, patch));
  const values: number[] = [];
  for (let v = bounds.value.min; v <= bounds.value.max; v++) values.push(v);

  return (
    <Radio.Group value={s.mode} onChange={(e) => set({ mode: e.target.value as SimpleMode })}>
      <Space direction="vertical" size={4}>
        <Radio value={1}>{t('每一{unit}', words, 'cron')}</Radio>
        <div style={radioRow}>
          <Radio value={2}>{t('每隔')}</Radio>
          <NumberField label={t('{field}间隔', label, 'cron')} value={s.incrementStep} bounds={bounds.step} onChange={(v) => set({ mode: 2, incrementStep: v })} />
          {t('{unit}执行，从', words, 'cron')}
          <NumberField label={t('{field}开始', label, 'cron')} value={s.incrementStart} bounds={bounds.start} onChange={(v) => set({ mode: 2, incrementStart: v })} />
          {t('{unit}开始', words, 'cron')}
        </div>
        <div>
          <Radio value={3}>{t('具体{unit}数（可多选）', words, 'cron')}</Radio>
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
          <Radio value={4}>{t('周期从', words, 'cron')}</Radio>
          <NumberField label={t('{field}范围开始', label, 'cron')} value={s.rangeStart} bounds={bounds.value} onChange={(v) => set({ mode: 4, rangeStart: v })} />
          {t('到')}
          <NumberField label={t('{field}范围结束', label, 'cron')} value={s.rangeEnd} bounds={bounds.value} onChange={(v) => set({ mode: 4, rangeEnd: v })} />
          {t('{unit}', words, 'cronRangeEnd')}
        </div>
      </Space>
    </Radio.Group>
  );
}
