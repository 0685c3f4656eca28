// 班级管理: classes with their teachers and students (stu_class_member). Members must belong to the
// caller's tenant; one person is either a teacher or a student of a class, never both.
import type { Kysely } from 'kysely';
import { STUDENT_DICTS } from '@anxue/shared';
import { ResourceError, type ResourceDef } from '../../../core/crud';
import { newId } from '../../../core/db';
import { classStudentLink, classTeacherLink } from './class-excel-links';
import { auditFields, idField, idList, refuseRepeats, requireTenantUsers } from './common';

export const classResource: ResourceDef = {
  label: '班级',
  table: 'stuClass',
  path: '/students/class',
  permission: 'students:class',
  tenant: true,
  defaultSort: [{ field: 'name', order: 'asc' }],
  without: ['queryById'],
  fields: [
    idField,
    { name: 'name', type: 'string', title: '班级名称', required: true, max: 100 },
    { name: 'grade', type: 'string', title: '年级', dictCode: STUDENT_DICTS.grade, max: 32 },
    { name: 'departId', type: 'string', title: '所属部门', max: 32, excel: false },
    { name: 'description', type: 'string', title: '说明', max: 500 },
    // set by 升年级 only: a graduated class keeps its records, out of the active lists
    { name: 'archived', type: 'int', title: '已毕业', dictCode: 'yn', writable: false, excel: false },
    ...auditFields,
  ],
  // members travel in spreadsheets by account name (issue 19)
  excelLinks: [classTeacherLink, classStudentLink],
  extraInput: { teacherIds: idList('老师'), studentIds: idList('学生', 5000) },
  hooks: {
    async beforeSave(row, ctx) {
      if (!row.departId) return;
      const depart = await ctx.db.selectFrom('sysDepart').select('id').where('id', '=', String(row.departId)).where('tenantId', '=', ctx.tenantId).executeTakeFirst();
      if (!depart) throw new ResourceError('所属部门不存在或不属于当前租户');
    },
    async afterSave(row, input, ctx) {
      const id = String(row.id);
      const saved = await ctx.db.selectFrom('stuClassMember').select(['userId', 'memberRole']).where('classId', '=', id).execute();
      const teachers = (input.teacherIds as string[] | undefined) ?? saved.filter((m) => m.memberRole === 'teacher').map((m) => m.userId);
      const students = (input.studentIds as string[] | undefined) ?? saved.filter((m) => m.memberRole === 'student').map((m) => m.userId);
      if (input.teacherIds === undefined && input.studentIds === undefined) return;
      refuseRepeats(teachers, () => '老师不能重复');
      refuseRepeats(students, () => '学生不能重复');
      const names = await requireTenantUsers(ctx, [...teachers, ...students]);
      const both = teachers.find((u) => students.includes(u));
      if (both) throw new ResourceError(`“${names.get(both)}”不能既是老师又是学生`);
      await ctx.db.deleteFrom('stuClassMember').where('classId', '=', id).execute();
      const rows = [...teachers.map((userId) => ({ userId, memberRole: 'teacher' })), ...students.map((userId) => ({ userId, memberRole: 'student' }))];
      for (let i = 0; i < rows.length; i += 500)
        await ctx.db
          .insertInto('stuClassMember')
          .values(rows.slice(i, i + 500).map((m) => ({ id: newId(), classId: id, tenantId: ctx.tenantId, ...m })))
          .execute();
    },
    async decorate(records, ctx) {
      const ids = records.map((r) => String(r.id));
      if (!ids.length) return;
      const counts = await ctx.db
        .selectFrom('stuClassMember')
        .select(['classId', 'memberRole', (eb) => eb.fn.countAll<number>().as('n')])
        .where('classId', 'in', ids)
        .groupBy(['classId', 'memberRole'])
        .execute();
      for (const r of records) {
        r.teacherCount = Number(counts.find((c) => c.classId === r.id && c.memberRole === 'teacher')?.n ?? 0);
        r.studentCount = Number(counts.find((c) => c.classId === r.id && c.memberRole === 'student')?.n ?? 0);
      }
    },
  },
};

/** What queryById adds: the teachers and students with their names. */
export async function classDetail(db: Kysely<any>, id: string) {
  const members = await db
    .selectFrom('stuClassMember as m')
    .innerJoin('sysUser as u', 'u.id', 'm.userId')
    .select(['m.userId', 'm.memberRole', 'u.realname', 'u.username'])
    .where('m.classId', '=', id)
    .orderBy('u.realname')
    .execute();
  const of = (role: string) => members.filter((m) => m.memberRole === role).map((m) => ({ id: m.userId, realname: m.realname, username: m.username }));
  const teachers = of('teacher');
  const students = of('student');
  return { teacherIds: teachers.map((u) => u.id), studentIds: students.map((u) => u.id), teachers, students };
}
