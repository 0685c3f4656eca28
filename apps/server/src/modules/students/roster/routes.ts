import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf, ResourceError } from '../../../core/crud';
import { importUploadedSheets } from '../../../core/crud/import-upload';
import { firstIssue } from '../../../core/crud/input';
import { formatDateTime } from '../../../core/db';
import { lenientSafeParse, ok } from '../../../core/http';
import { printLoginCards } from './cards';
import { importRoster, rosterErrorReport, type RosterOutcome } from './import';

const cardsInput = z.object({ classId: z.string().min(1).max(64), userIds: z.array(z.string().min(1).max(64)).max(5000).optional() });
const resetInput = z.object({ classId: z.string().min(1).max(64), userId: z.string().min(1).max(64) });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = lenientSafeParse(schema, body ?? {});
  if (!parsed.success) throw new ResourceError(firstIssue(parsed.error));
  return parsed.data;
}

/** 导入花名册, 打印登录卡 and a student's password reset of 班级管理. */
export async function rosterRoutes(app: FastifyInstance) {
  const { db, clock, storage, tokens, loginAttempts } = app.ctx;
  const endSessions = async (userId: string, username: string) => {
    await loginAttempts.clearName(username);
    await tokens.revokeUser(userId);
  };

  app.post(
    '/students/class/importRoster',
    { config: { permission: 'students:class:importExcel', alsoRequires: ['students:class:add'] }, schema: { tags: ['班级'], summary: '导入花名册' } },
    async (req) => {
      const caller = callerOf(req);
      let done: RosterOutcome | undefined;
      const res = await importUploadedSheets(req, storage, '花名册', async (path) => {
        if (done) throw new ResourceError('一次只能导入一个花名册文件');
        const outcome = await importRoster(db, caller, path, formatDateTime(clock.now()));
        // a file with any bad row writes nothing: reported as refused, every row
        if (outcome.failed.length) done = { ...outcome, imported: 0 };
        else done = outcome;
        return { ...done, errorFile: () => rosterErrorReport(outcome) };
      });
      if (!res.success || !done) return res;
      const { cards, classesCreated, created, updated } = done;
      return ok({ cards, classesCreated, created, updated }, `导入成功：新建班级${classesCreated}个，新建学生账号${created}个，更新学生${updated}名`);
    },
  );

  app.post('/students/class/loginCards', { config: { auth: true }, schema: { tags: ['班级'], summary: '打印登录卡' } }, async (req) => {
    const input = parse(cardsInput, req.body);
    return ok(await printLoginCards(db, callerOf(req), input, formatDateTime(clock.now()), endSessions));
  });

  app.post('/students/class/resetStudentPassword', { config: { auth: true }, schema: { tags: ['班级'], summary: '重置学生密码' } }, async (req) => {
    const input = parse(resetInput, req.body);
    const result = await printLoginCards(db, callerOf(req), { classId: input.classId, userIds: [input.userId] }, formatDateTime(clock.now()), endSessions);
    return ok(result.cards[0], '密码已重置，学生下次登录时须修改密码');
  });
}
