// 班级管理: a class (grade, department) with its teachers and students, chosen among the tenant's users.
// A class's statistics are seen only by its teachers (the student area's 班级统计).
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { DepartPicker, UserPicker } from '../../../../components/pickers';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { studentsApi, studentsPermission } from '../common';
import { idsToText, textToIds } from '../ids';

export interface StudentClass {
  id: string;
  name: string;
  grade?: string | null;
  departId?: string | null;
  description?: string | null;
  teacherCount?: number;
  studentCount?: number;
  teacherIds?: string[];
  studentIds?: string[];
}

const ENTITY = 'class';

const COLUMNS: ListColumn<StudentClass>[] = [
  { title: '班级', dataIndex: 'name', align: 'left', sorter: true },
  { title: '年级', dataIndex: 'grade', width: 100, sorter: true },
  { title: '老师', dataIndex: 'teacherCount', width: 80 },
  { title: '学生', dataIndex: 'studentCount', width: 80 },
  { title: '说明', dataIndex: 'description', ellipsis: true },
];

export default function ClassListPage() {
  return (
    <ResourcePage<StudentClass>
      title="班级"
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      defaultSort={{ column: 'name', order: 'asc' }}
      query={[
        { name: 'name', label: '班级', rule: 'like' },
        { name: 'grade', label: '年级' },
      ]}
      form={[
        { name: 'name', label: '班级名称', widget: 'input', rules: formRules.required('班级名称', { max: 100 }) },
        { name: 'grade', label: '年级', widget: 'input', rules: formRules.length({ max: 32 }) },
        { name: 'departId', label: '所属部门', widget: 'custom', render: () => <DepartPicker placeholder={t('请选择部门（可不选）')} /> },
        { name: 'teacherIds', label: '老师', widget: 'custom', extra: '老师能看到本班的学习统计', render: () => <UserPicker store="id" placeholder={t('请选择老师')} /> },
        { name: 'studentIds', label: '学生', widget: 'custom', render: () => <UserPicker store="id" placeholder={t('请选择学生')} /> },
        { name: 'description', label: '说明', widget: 'textarea', rules: formRules.length({ max: 500 }) },
      ]}
      toForm={(r) => ({ ...r, teacherIds: idsToText(r.teacherIds), studentIds: idsToText(r.studentIds) })}
      toBody={(v) => ({ ...v, teacherIds: textToIds(v.teacherIds), studentIds: textToIds(v.studentIds) })}
    />
  );
}
