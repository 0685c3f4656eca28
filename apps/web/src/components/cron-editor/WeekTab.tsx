import { Alert, Checkbox, Radio, Space } from 'antd';
import { CRON_DAY_BOUNDS, updateField, type CronEditorState, type WeekState, type WeekType } from '@anxue/shared/cron/index';
import { NumberField } from './NumberField';
import { checkboxGrid, radioRow } from './styles';
import { t } from '../../lib/i18n';
import { weekdayOptions, WeekdaySelect } from './WeekdaySelect';

interface WeekTabProps {
  state: CronEditorState;
  onChange: (next: CronEditorState) => void;
}

/**
 * Week types not-set / range / loop / specify (plus last and nth weekday). Day and week exclude each
 * other, so the week is locked while the day field holds a value other than '?'.
 */
export function WeekTab({ state, onChange }: WeekTabProps) {
  const week = state.week;
  const locked = week.type === 'notSet';
  const set = (type: WeekType, patch: Partial<WeekState> = {}) => onChange(updateField(state, 'week', { type, ...patch }));

  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      {locked && (
        <Alert
          type="info"
          showIcon
          message={t('日已设置具体值，周不可用；在「日」中选择按星期执行的方式后可设置周。')}
        />
      )}
      <Radio.Group value={week.type} disabled={locked} onChange={(e) => set(e.target.value as WeekType)}>
        <Space direction="vertical" size={4}>
          <Radio value="notSet">{t('不设置（?）')}</Radio>
          <div style={radioRow}>
            <Radio value="range">{t('范围 从')}</Radio>
            <WeekdaySelect label={t('星期范围开始')} value={week.rangeStart} disabled={locked} onChange={(v) => set('range', { rangeStart: v })} />
            {t('到')}
            <WeekdaySelect label={t('星期范围结束')} value={week.rangeEnd} disabled={locked} onChange={(v) => set('range', { rangeEnd: v })} />
          </div>
          <div style={radioRow}>
            <Radio value="loop">{t('循环 从')}</Radio>
            <WeekdaySelect label={t('星期循环开始')} value={week.loopStart} disabled={locked} onChange={(v) => set('loop', { loopStart: v })} />
            {t('开始，每隔')}
            <NumberField label={t('星期循环间隔')} value={week.loopStep} bounds={CRON_DAY_BOUNDS.weekStep} disabled={locked} onChange={(v) => set('loop', { loopStep: v })} />
            {t('天', undefined, 'cron')}
          </div>
          <div>
            <Radio value="specify">{t('指定', undefined, 'cron')}</Radio>
            <Checkbox.Group
              style={checkboxGrid}
              disabled={locked}
              options={weekdayOptions()}
              value={week.type === 'specify' ? week.specific : []}
              onChange={(checked) => {
                if (checked.length > 0) set('specify', { specific: (checked as number[]).slice().sort((a, b) => a - b) });
              }}
            />
          </div>
          <div style={radioRow}>
            <Radio value="last">{t('本月最后一个')}</Radio>
            <WeekdaySelect label={t('本月最后一个星期')} value={week.lastWeekday} disabled={locked} onChange={(v) => set('last', { lastWeekday: v })} />
          </div>
          <div style={radioRow}>
            <Radio value="nth">{t('本月第')}</Radio>
            <NumberField label={t('本月第几个')} value={week.nth} bounds={CRON_DAY_BOUNDS.nth} disabled={locked} onChange={(v) => set('nth', { nth: v })} />
            {t('个', undefined, 'cronNth')}
            <WeekdaySelect label={t('本月第几个的星期')} value={week.nthWeekday} disabled={locked} onChange={(v) => set('nth', { nthWeekday: v })} />
          </div>
        </Space>
      </Radio.Group>
    </Space>
  );
}
