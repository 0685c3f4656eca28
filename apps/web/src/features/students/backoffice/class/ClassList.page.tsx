// 班级管理: a class (grade, department) with its teachers and students, chosen among the tenant's users.
// A class's statistics are seen only by its teachers (the student area's 班级统计).
import { useState } from 'react';
import { STUDENT_DICTS } from '@anxue/shared';
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { usePermission } from '../../../../lib/permission/usePermission';
import { ClassCodeModal, PromoteButtons, STUDENT_OPTIONS_URL } from './classTools';
import { DepartPicker, UserPicker } from '../../../../components/pickers';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { studentsApi, studentsPermission } from '../common';
import { idsToText, textToIds } from '../ids';
import { ClassStudentsModal, RosterImportButton } from './roster/RosterTools';

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
  archived?: number;
}

const ENTITY = 'class';

const COLUMNS: ListColumn<StudentClass>[] = [
  { title: '班级', dataIndex: 'name', align: 'left', sorter: true },
  { title: '年级', dataIndex: 'grade_dictText', width: 100, sorter: true, render: (v: unknown, r: StudentClass & { grade_dictText?: string }) => v || r.grade || '' },
  { title: '老师', dataIndex: 'teacherCount', width: 80 },
  { title: '学生', dataIndex: 'studentCount', width: 80 },
  { title: '说明', dataIndex: 'description', ellipsis: true },
];

export default function ClassListPage() {
  const [codeOf, setCodeOf] = useState<StudentClass>();
  const [studentsOf, setStudentsOf] = useState<StudentClass>();
  const { has } = usePermission();
  const canManage = has(studentsPermission(ENTITY) + ':edit');
  return (
    <>
    {studentsOf && <ClassStudentsModal classId={studentsOf.id} className={studentsOf.name} onClose={() => setStudentsOf(undefined)} />}
    {codeOf && <ClassCodeModal classId={codeOf.id} className={codeOf.name} canManage={canManage} onClose={() => setCodeOf(undefined)} />}
    <ResourcePage<StudentClass>
      title="班级"
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      defaultSort={{ column: 'name', order: 'asc' }}
      defaultParams={{ archived: 0 }}
      selectable
      rowActions={(row) => [{ key: 'code', label: t('班级码'), onClick: () => setCodeOf(row), hidden: !!row.archived }, { key: 'cards', label: t('登录卡'), onClick: () => setStudentsOf(row), permission: 'students:class:edit' }]}
      actionWidth={240}
      toolbar={(page) => (
        <>
          {canManage ? <PromoteButtons selectedIds={page.list.selectedRows.map((r) => r.id)} onDone={() => void page.list.search()} /> : null}
          <RosterImportButton onDone={() => void page.list.search()} />
        </>
      )}
      query={[
        { name: 'name', label: '班级', rule: 'like' },
        { name: 'grade', label: '年级', widget: 'dict', dictCode: STUDENT_DICTS.grade },
        { name: 'archived', label: '状态', widget: 'select', options: [{ label: '在读', value: 0 }, { label: '已毕业', value: 1 }] },
      ]}
      form={[
        { name: 'name', label: '班级名称', widget: 'input', rules: formRules.required('班级名称', { max: 100 }) },
        { name: 'grade', label: '年级', widget: 'dict', dictCode: STUDENT_DICTS.grade },
        { name: 'departId', label: '所属部门', widget: 'custom', render: () => <DepartPicker placeholder={t('请选择部门（可不选）')} /> },
        { name: 'teacherIds', label: '老师', widget: 'custom', extra: '老师能看到本班的学习统计', render: () => <UserPicker store="id" placeholder={t('请选择老师')} /> },
        { name: 'studentIds', label: '学生', widget: 'custom', render: ({ form }) => <UserPicker store="id" placeholder={t('请选择学生')} listUrl={STUDENT_OPTIONS_URL} listParams={{ classId: form.getFieldValue('id') || undefined }} /> },
        { name: 'description', label: '说明', widget: 'textarea', rules: formRules.length({ max: 500 }) },
      ]}
      toForm={(r) => ({ ...r, teacherIds: idsToText(r.teacherIds), studentIds: idsToText(r.studentIds) })}
      toBody={(v) => ({ ...v, teacherIds: textToIds(v.teacherIds), studentIds: textToIds(v.studentIds) })}
    />
    </>
  );
}
