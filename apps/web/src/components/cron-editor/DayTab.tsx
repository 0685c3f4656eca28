import { Checkbox, Radio, Space } from 'antd';
import {
  CRON_DAY_BOUNDS,
  dayModeOf,
  selectDayMode,
  selectedWeekdays,
  updateField,
  type CronEditorState,
  type DayMode,
  type DayState,
  type WeekState,
} from '@anxue/shared/cron/index';
import { NumberField } from './NumberField';
import { checkboxCell, checkboxGrid, radioRow } from './styles';
import { t } from '../../lib/i18n';
import { weekdayOptions, WeekdaySelect } from './WeekdaySelect';

interface DayTabProps {
  state: CronEditorState;
  onChange: (next: CronEditorState) => void;
}

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/** The 11 day modes of spec/02 §4; modes 2, 4, 8 and 11 write the week field and leave the day as '?'. */
export function DayTab({ state, onChange }: DayTabProps) {
  const mode = dayModeOf(state);
  const { day, week } = state;
  // Inputs select their own mode first, so typing a value also switches to it.
  const setDay = (m: DayMode, patch: Partial<DayState>) => onChange(updateField(selectDayMode(state, m), 'day', patch));
  const setWeek = (m: DayMode, patch: Partial<WeekState>) =>
    onChange(updateField(selectDayMode(state, m), 'week', patch));

  return (
    <Radio.Group value={mode} onChange={(e) => onChange(selectDayMode(state, e.target.value as DayMode))}>
      <Space direction="vertical" size={4}>
        <Radio value={1}>{t('每日')}</Radio>
        <div style={radioRow}>
          <Radio value={2}>{t('每周从')}</Radio>
          <WeekdaySelect label={t('循环开始星期')} value={week.loopStart} onChange={(v) => setWeek(2, { loopStart: v })} />
          {t('开始，每隔')}
          <NumberField label={t('星期间隔')} value={week.loopStep} bounds={CRON_DAY_BOUNDS.weekStep} onChange={(v) => setWeek(2, { loopStep: v })} />
          {t('天执行一次')}
        </div>
        <div style={radioRow}>
          <Radio value={3}>{t('每月从')}</Radio>
          <NumberField label={t('日开始')} value={day.incrementStart} bounds={CRON_DAY_BOUNDS.day} onChange={(v) => setDay(3, { incrementStart: v })} />
          {t('日开始，每隔')}
          <NumberField label={t('日间隔')} value={day.incrementStep} bounds={CRON_DAY_BOUNDS.step} onChange={(v) => setDay(3, { incrementStep: v })} />
          {t('天执行一次')}
        </div>
        <div>
          <Radio value={4}>{t('具体星期几（可多选）')}</Radio>
          <Checkbox.Group
            style={checkboxGrid}
            options={weekdayOptions()}
            value={mode === 4 ? selectedWeekdays(week) : []}
            onChange={(checked) => {
              if (checked.length > 0) {
                setWeek(4, { type: 'specify', specific: (checked as number[]).slice().sort((a, b) => a - b) });
              }
            }}
          />
        </div>
        <div>
          <Radio value={5}>{t('具体天数（可多选）')}</Radio>
          <Checkbox.Group
            style={checkboxGrid}
            value={mode === 5 ? day.specific : []}
            onChange={(checked) => {
              if (checked.length > 0) setDay(5, { specific: (checked as number[]).slice().sort((a, b) => a - b) });
            }}
          >
            {DAYS.map((d) => (
              <Checkbox key={d} value={d} style={checkboxCell}>
                {String(d).padStart(2, '0')}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </div>
        <Radio value={6}>{t('在这个月的最后一天')}</Radio>
        <Radio value={7}>{t('在这个月的最后一个工作日')}</Radio>
        <div style={radioRow}>
          <Radio value={8}>{t('在这个月的最后一个')}</Radio>
          <WeekdaySelect label={t('最后一个星期')} value={week.lastWeekday} onChange={(v) => setWeek(8, { lastWeekday: v })} />
        </div>
        <div style={radioRow}>
          <Radio value={9}>{t('在本月底前')}</Radio>
          <NumberField label={t('月底前天数')} value={day.daysBeforeEnd} bounds={CRON_DAY_BOUNDS.daysBeforeEnd} onChange={(v) => setDay(9, { daysBeforeEnd: v })} />
          {t('天', undefined, 'cronBeforeEnd')}
        </div>
        <div style={radioRow}>
          <Radio value={10}>{t('最近的工作日（周一至周五）至本月')}</Radio>
          <NumberField label={t('最近工作日的日期')} value={day.nearestDay} bounds={CRON_DAY_BOUNDS.day} onChange={(v) => setDay(10, { nearestDay: v })} />
          {t('日', undefined, 'cronNearest')}
        </div>
        <div style={radioRow}>
          <Radio value={11}>{t('在这个月的第')}</Radio>
          <NumberField label={t('第几个星期')} value={week.nth} bounds={CRON_DAY_BOUNDS.nth} onChange={(v) => setWeek(11, { nth: v })} />
          {t('个', undefined, 'cronNth')}
          <WeekdaySelect label={t('第几个的星期')} value={week.nthWeekday} onChange={(v) => setWeek(11, { nthWeekday: v })} />
        </div>
      </Space>
    </Radio.Group>
  );
}
