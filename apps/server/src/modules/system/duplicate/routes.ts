import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../core/access';
import { fail, ok } from '../../../core/http';
import { dictStore } from '../dict/cache';
import { isTaken, UNSUPPORTED } from './check';

// Names are judged by isTaken (declared or not): any wrong name gets the one refusal message.
const name = z.string({ error: UNSUPPORTED }).optional().default('');
const duplicateQuery = z.object({
  tableName: name,
  fieldName: name,
  fieldVal: z.string({ error: 'fieldVal 只能出现一次' }).max(500, '校验值最长500个字符').optional(),
  dataId: z.string({ error: 'dataId 只能出现一次' }).max(64, 'dataId 过长').optional(),
});

const FREE = '该值可用！';
const TAKEN = '该值不可用，系统中已存在！';

/** GET /sys/duplicate/check over declared tables and fields (issue 4); sensitive columns only for their table's editors (issue 10). */
export const duplicateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const store = dictStore(db);
  app.get(
    '/sys/duplicate/check',
    { config: { auth: true }, schema: { tags: ['重复校验'], summary: '校验值是否已被占用', querystring: duplicateQuery } },
    async (request) => {
      const { fieldVal, ...rest } = request.query;
      if (fieldVal === undefined || fieldVal === '') return ok(null, FREE);
      // Taken is an answer, not a failure of the call: HTTP 200 with success false and code 400.
      return (await isTaken(db, store, { ...rest, fieldVal }, currentUser(request))) ? fail(TAKEN, 400) : ok(null, FREE);
    },
  );
};
