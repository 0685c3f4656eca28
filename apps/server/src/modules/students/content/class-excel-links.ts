import { ResourceError, type ExcelLink, type RequestContext } from '../../../core/crud';
import { newId } from '../../../core/db';
import { memberAccountLink } from './member-excel-link';

// A class's 老师 and 学生 in spreadsheets, by account name (unique, unlike real names): export → delete →
// import restores a class with its members. Accounts resolve among the users of the caller's tenant.

type Role = 'teacher' | 'student';

function memberLink(title: string, role: Role): ExcelLink {
  return memberAccountLink({
    title,
    table: 'stuClassMember',
    owner: 'classId',
    role,
    async write(ctx: RequestContext, links) {
      const rows = links.flatMap((l) => l.targets.map((userId) => ({ id: newId(), classId: l.id, userId, memberRole: role, tenantId: ctx.tenantId })));
      if (role === 'student' && rows.length) {
        // one person is a teacher or a student of a class, never both (teachers are written first)
        const taken = await ctx.db
          .selectFrom('stuClassMember as m')
          .innerJoin('sysUser as u', 'u.id', 'm.userId')
          .select(['m.classId', 'm.userId', 'u.username'])
          .where('m.classId', 'in', links.map((l) => l.id))
          .execute();
        const both = taken.find((t) => rows.some((r) => r.classId === t.classId && r.userId === t.userId));
        if (both) throw new ResourceError(`“${both.username}”不能既是老师又是学生`);
      }
      for (let i = 0; i < rows.length; i += 500) await ctx.db.insertInto('stuClassMember').values(rows.slice(i, i + 500)).execute();
    },
  });
}

export const classTeacherLink = memberLink('老师', 'teacher');
export const classStudentLink = memberLink('学生', 'student');
