// 危险预判视频: a clip (uploaded like 视频管理's, its length and a cover read in the browser), the windows
// of its hazards marked while watching it, and the pattern rule that zeroes guessing (UK defaults: more
// than 3 taps within 1 s, or 5 evenly spaced taps). Windows may overlap: each hazard is scored on its own.
import { useState } from 'react';
import { Form, type FormInstance } from 'antd';
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { clock, CONTENT_FIELDS, CONTENT_QUERY, CONTENT_SUPER_QUERY, contentColumns, studentsApi, studentsPermission, thumbnailColumn, type ContentRow } from '../common';
import { VideoFileField } from '../video/VideoFileField';
import { ClipResultsModal } from './ClipResultsModal';
import { ClipWindowsEditor, windowsRule, type ClipWindowDraft } from './ClipWindowsEditor';
import './hazardClip.css';

export interface HazardClip extends ContentRow {
  filePath?: string | null;
  cover?: string | null;
  durationSeconds?: number;
  description?: string | null;
  burstTaps?: number;
  burstSeconds?: number;
  rhythmTaps?: number;
  rhythmTolerance?: number;
  windowCount?: number;
  /** from queryById */
  windows?: Array<{ start: number; end: number; region: ClipWindowDraft['region']; title: string; explanation: string | null }>;
}

const ENTITY = 'hazardClip';

const COLUMNS: ListColumn<HazardClip>[] = [
  thumbnailColumn<HazardClip>('封面', 'cover'),
  { title: '标题', dataIndex: 'title', align: 'left' },
  { title: '时长', dataIndex: 'durationSeconds', width: 80, sorter: true, render: clock },
  { title: '危险数', dataIndex: 'windowCount', width: 80 },
  ...contentColumns<HazardClip>(),
];

function WindowsSection({ form }: { form: FormInstance }) {
  const filePath = Form.useWatch('filePath', form) as string | undefined;
  const duration = Form.useWatch('durationSeconds', form) as number | undefined;
  return (
    <Form.Item
      label={t('危险时段')}
      name="windows"
      required
      initialValue={[]}
      rules={[windowsRule(() => form.getFieldValue('durationSeconds'))]}
      extra={t('播放视频，危险开始形成时点“标记开始”，来不及反应时点“标记结束”；时段可以重叠，每处危险单独计分')}
    >
      <ClipWindowsEditor filePath={filePath || undefined} duration={duration} />
    </Form.Item>
  );
}

const n = (name: string, label: string, initialValue: number, extra: string) => ({ name, label, widget: 'number' as const, min: 0, initialValue, extra });

export default function HazardClipListPage() {
  const [results, setResults] = useState<HazardClip>();
  return (
    <ResourcePage<HazardClip>
      title={t('危险预判视频')}
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('危险预判视频')}
      query={CONTENT_QUERY}
      superQuery={CONTENT_SUPER_QUERY}
      formWidth={1000}
      form={[
        { name: 'title', label: '标题', widget: 'input', rules: formRules.required('标题', { max: 200 }) },
        { name: 'filePath', label: '视频文件', widget: 'custom', rules: [{ required: true, message: '请上传视频!' }], render: ({ form }) => <VideoFileField form={form} /> },
        { name: 'durationSeconds', label: '时长(秒)', widget: 'number', min: 0, initialValue: 0, extra: '选择视频后自动读取，可修改' },
        { name: 'cover', label: '封面', widget: 'image', maxCount: 1, biz: 'students', extra: '选择视频后自动截取一帧，可更换' },
        { name: 'description', label: '说明', widget: 'textarea', rules: formRules.length({ max: 1000 }) },
        { key: 'windows', section: ({ form }) => <WindowsSection form={form} /> },
        n('burstTaps', '连点上限', 3, '在下面的时间内点击超过这个次数记0分，0 表示不检测'),
        n('burstSeconds', '连点时间(秒)', 1, '与连点上限一起判断'),
        n('rhythmTaps', '节奏点击次数', 5, '连续这么多次间隔几乎相同的点击记0分，0 表示不检测'),
        n('rhythmTolerance', '节奏误差(%)', 20, '间隔的差别不超过平均间隔的这个比例即算“几乎相同”'),
        ...CONTENT_FIELDS,
      ]}
      toForm={(record) => ({
        ...record,
        windows: (record.windows ?? []).map((w) => ({ start: w.start, end: w.end, region: w.region ?? null, title: w.title, explanation: w.explanation ?? '' })),
      })}
      toBody={(values) => {
        const { fileSize: _size, ...rest } = values as Record<string, unknown>;
        return {
          ...rest,
          windows: ((values.windows as ClipWindowDraft[]) ?? []).map((w) => ({ start: w.start, end: w.end, region: w.region, title: w.title.trim(), explanation: w.explanation?.trim() || null })),
        };
      }}
      rowActions={(row) => [{ key: 'results', label: t('成绩'), permission: `${studentsPermission(ENTITY)}:list`, onClick: () => setResults(row) }]}
      extra={() => <ClipResultsModal clip={results} onClose={() => setResults(undefined)} />}
    />
  );
}
