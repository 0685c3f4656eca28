// 课程管理: courses (cover, category, grade band, published, order); 课程内容 manages a course's
// chapters and lessons.
import { useState } from 'react';
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { CONTENT_FIELDS, CONTENT_QUERY, CONTENT_SUPER_QUERY, contentColumns, studentsApi, studentsPermission, thumbnailColumn, type ContentRow } from '../common';
import { CourseContentDrawer } from './CourseContentDrawer';

export interface Course extends ContentRow {
  cover?: string | null;
  description?: string | null;
  chapterCount?: number;
  lessonCount?: number;
}

const ENTITY = 'course';

const COLUMNS: ListColumn<Course>[] = [
  thumbnailColumn<Course>('封面', 'cover'),
  { title: '课程', dataIndex: 'title', align: 'left' },
  { title: '章节', dataIndex: 'chapterCount', width: 70 },
  { title: '课时', dataIndex: 'lessonCount', width: 70 },
  ...contentColumns<Course>(),
];

export default function CourseListPage() {
  const [content, setContent] = useState<Course | undefined>();
  return (
    <ResourcePage<Course>
      title="课程"
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('课程')}
      query={CONTENT_QUERY}
      superQuery={CONTENT_SUPER_QUERY}
      actionWidth={220}
      form={[
        { name: 'title', label: '课程名称', widget: 'input', rules: formRules.required('课程名称', { max: 100 }) },
        { name: 'cover', label: '封面', widget: 'image', maxCount: 1, biz: 'students' },
        { name: 'description', label: '简介', widget: 'textarea', rules: formRules.length({ max: 2000 }) },
        ...CONTENT_FIELDS,
      ]}
      rowActions={(row) => [{ key: 'content', label: t('课程内容'), permission: `${studentsPermission(ENTITY)}:edit`, onClick: () => setContent(row) }]}
      extra={() => <CourseContentDrawer course={content} onClose={() => setContent(undefined)} />}
    />
  );
}
