// 图片管理: picture sets (several images each, in order), with a cover and the content columns.
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { splitPaths } from '../../../../lib/files';
import { CONTENT_FIELDS, CONTENT_QUERY, CONTENT_SUPER_QUERY, contentColumns, studentsApi, studentsPermission, thumbnailColumn, type ContentRow } from '../common';

export interface PictureSet extends ContentRow {
  cover?: string | null;
  /** comma-joined stored paths, in order */
  images?: string | null;
  description?: string | null;
}

const ENTITY = 'picture';

const COLUMNS: ListColumn<PictureSet>[] = [
  thumbnailColumn<PictureSet>('图片', 'images'),
  { title: '标题', dataIndex: 'title', align: 'left' },
  { title: '张数', dataIndex: 'images', key: 'count', width: 70, render: (v: unknown) => splitPaths(v as string | null).length },
  ...contentColumns<PictureSet>(),
];

export default function PictureListPage() {
  return (
    <ResourcePage<PictureSet>
      title="图片"
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('安全图片')}
      query={CONTENT_QUERY}
      superQuery={CONTENT_SUPER_QUERY}
      form={[
        { name: 'title', label: '标题', widget: 'input', rules: formRules.required('标题', { max: 100 }) },
        { name: 'images', label: '图片', widget: 'image', maxCount: 0, biz: 'students', rules: [{ required: true, message: '请上传图片!' }], extra: '可上传多张，按上传顺序展示' },
        { name: 'cover', label: '封面', widget: 'image', maxCount: 1, biz: 'students', extra: '不传则用第一张图片' },
        { name: 'description', label: '说明', widget: 'textarea', rules: formRules.length({ max: 2000 }) },
        ...CONTENT_FIELDS,
      ]}
    />
  );
}
