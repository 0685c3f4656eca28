// 海报管理: safety posters, one image each.
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { CONTENT_FIELDS, CONTENT_QUERY, CONTENT_SUPER_QUERY, contentColumns, studentsApi, studentsPermission, thumbnailColumn, type ContentRow } from '../common';

export interface Poster extends ContentRow {
  image?: string | null;
  description?: string | null;
}

const ENTITY = 'poster';

const COLUMNS: ListColumn<Poster>[] = [thumbnailColumn<Poster>('海报', 'image'), { title: '标题', dataIndex: 'title', align: 'left' }, ...contentColumns<Poster>()];

export default function PosterListPage() {
  return (
    <ResourcePage<Poster>
      title="海报"
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('安全海报')}
      query={CONTENT_QUERY}
      superQuery={CONTENT_SUPER_QUERY}
      form={[
        { name: 'title', label: '标题', widget: 'input', rules: formRules.required('标题', { max: 100 }) },
        { name: 'image', label: '海报', widget: 'image', maxCount: 1, biz: 'students', rules: [{ required: true, message: '请上传海报!' }] },
        { name: 'description', label: '说明', widget: 'textarea', rules: formRules.length({ max: 2000 }) },
        ...CONTENT_FIELDS,
      ]}
    />
  );
}
