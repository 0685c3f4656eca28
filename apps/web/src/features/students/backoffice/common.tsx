// What the back-office pages of the safety-education area share: their resource urls, and the
// category / grade band / published / order columns and fields every piece of content has.
import { STUDENT_DICTS } from '@anxue/shared';
import type { SuperQueryField } from '../../../components/advanced-query';
import { resourceApi, Thumbnail, type ListColumn, type ResourceFormField, type ResourceQueryField } from '../../../components/list-page';
import { t } from '../../../lib/i18n';

/** The urls of /students/<entity> (list, add, edit, delete, deleteBatch, exportXls, importExcel, queryById). */
export const studentsApi = (entity: string) => resourceApi(`/students/${entity}`);
/** The permission prefix of a back-office page. */
export const studentsPermission = (entity: string) => `students:${entity}`;

export interface ContentRow {
  id: string;
  title: string;
  category?: string | null;
  category_dictText?: string;
  gradeBand?: string | null;
  gradeBand_dictText?: string;
  published?: number;
  sortNo?: number;
  createTime?: string;
}

export const TITLE_QUERY: ResourceQueryField = { name: 'title', label: '标题', rule: 'like' };
export const CONTENT_QUERY: ResourceQueryField[] = [
  TITLE_QUERY,
  { name: 'category', label: '分类', widget: 'dict', dictCode: STUDENT_DICTS.category },
  { name: 'gradeBand', label: '学段', widget: 'dict', dictCode: STUDENT_DICTS.gradeBand },
];

/** Advanced-query fields of every piece of content (written in Chinese; the advanced query shows them in the interface language). */
export const CONTENT_SUPER_QUERY: SuperQueryField[] = [
  { value: 'title', text: '标题', type: 'string' },
  { value: 'category', text: '分类', type: 'string', dictCode: STUDENT_DICTS.category },
  { value: 'gradeBand', text: '学段', type: 'string', dictCode: STUDENT_DICTS.gradeBand },
  { value: 'published', text: '已发布', type: 'string', dictCode: 'yn' },
  { value: 'createTime', text: '创建时间', type: 'datetime' },
];


export function contentColumns<T extends ContentRow>(): ListColumn<T>[] {
  return [
    { title: '分类', dataIndex: 'category', dict: true, width: 100 },
    { title: '学段', dataIndex: 'gradeBand', dict: true, width: 100 },
    { title: '已发布', dataIndex: 'published', width: 80, render: (v: unknown) => (Number(v) === 1 ? t('是') : t('否')) },
    { title: '排序', dataIndex: 'sortNo', sorter: true, width: 80 },
  ];
}

/** A small picture column for a stored path (or the first of a comma list); `title` in Chinese (the list translates it). */
export function thumbnailColumn<T extends object>(title: string, field: keyof T & string): ListColumn<T> {
  return { title, dataIndex: field, width: 90, render: (v: unknown) => <Thumbnail paths={v as string | null} alt={t(title)} /> };
}

export const CONTENT_FIELDS: ResourceFormField[] = [
  { name: 'category', label: '分类', widget: 'dict', dictCode: STUDENT_DICTS.category },
  { name: 'gradeBand', label: '学段', widget: 'dict', dictCode: STUDENT_DICTS.gradeBand },
  { name: 'published', label: '发布', widget: 'switch', initialValue: 0, extra: '发布后学生才能看到' },
  { name: 'sortNo', label: '排序', widget: 'number', initialValue: 0, min: 0 },
];

/** 125 → 2:05 */
export const clock = (seconds: unknown) => {
  const s = Math.max(0, Math.round(Number(seconds) || 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
