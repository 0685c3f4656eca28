// 视频管理: videos uploaded with a progress bar; the length and a cover frame are read from the file in
// the browser and stay editable before saving.
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { clock, CONTENT_FIELDS, CONTENT_QUERY, CONTENT_SUPER_QUERY, contentColumns, studentsApi, studentsPermission, thumbnailColumn, type ContentRow } from '../common';
import { VideoFileField } from './VideoFileField';

export interface Video extends ContentRow {
  cover?: string | null;
  filePath?: string | null;
  durationSeconds?: number;
  fileSize?: number | null;
  description?: string | null;
}

const ENTITY = 'video';

const COLUMNS: ListColumn<Video>[] = [
  thumbnailColumn<Video>('封面', 'cover'),
  { title: '标题', dataIndex: 'title', align: 'left' },
  { title: '时长', dataIndex: 'durationSeconds', width: 80, sorter: true, render: clock },
  ...contentColumns<Video>(),
];

export default function VideoListPage() {
  return (
    <ResourcePage<Video>
      title="视频"
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('安全视频')}
      query={CONTENT_QUERY}
      superQuery={CONTENT_SUPER_QUERY}
      form={[
        { name: 'title', label: '标题', widget: 'input', rules: formRules.required('标题', { max: 100 }) },
        { name: 'filePath', label: '视频文件', widget: 'custom', rules: [{ required: true, message: '请上传视频!' }], render: ({ form }) => <VideoFileField form={form} /> },
        { name: 'durationSeconds', label: '时长(秒)', widget: 'number', min: 0, initialValue: 0, extra: '选择视频后自动读取，可修改' },
        { name: 'cover', label: '封面', widget: 'image', maxCount: 1, biz: 'students', extra: '选择视频后自动截取一帧，可更换' },
        { name: 'fileSize', label: '文件大小', widget: 'custom', render: () => <FileSizeText /> },
        { name: 'description', label: '说明', widget: 'textarea', rules: formRules.length({ max: 2000 }) },
        ...CONTENT_FIELDS,
      ]}
    />
  );
}

function FileSizeText({ value }: { value?: number | null }) {
  if (!value) return <span>-</span>;
  return <span>{(Number(value) / 1024 / 1024).toFixed(1)} MB</span>;
}
