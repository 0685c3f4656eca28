import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerResource } from '../../../core/crud';
import { BizError } from '../../../core/errors';
import { fail, ok } from '../../../core/http';
import { checkRuleResource } from './resource';
import { firstFailure, MAX_VALUE, parseRuleJson } from './rule-json';

const checkQuery = z.object({
  ruleCode: z.string().trim().max(100, '规则编码最长100个字符').optional(),
  value: z.string().max(MAX_VALUE, `校验值最长${MAX_VALUE}个字符`).optional(),
});

/** Check rules (/sys/checkRule/*): management through the resource framework, and checkByCode for forms. */
export const checkRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  registerResource(app, checkRuleResource, { db, storage: app.ctx.storage });

  app.get('/sys/checkRule/checkByCode', { config: { auth: true }, schema: { tags: ['校验规则'], summary: '按编码校验一个值', querystring: checkQuery } }, async (req) => {
    const { ruleCode, value } = req.query;
    // a form asks before the user has typed anything: nothing to check yet
    if (!ruleCode || !value) return ok(null);
    const rule = await db.selectFrom('sysCheckRule').select('ruleJson').where('ruleCode', '=', ruleCode).executeTakeFirst();
    if (!rule) throw new BizError('该编码规则不存在');
    const parsed = parseRuleJson(rule.ruleJson);
    if ('error' in parsed) throw new BizError(`校验规则配置有误：${parsed.error}`);
    const message = firstFailure(parsed.parts, value);
    // a failed check is an answer, not an error: HTTP 200 with the part's own message
    return message === null ? ok(null) : fail(message, 400);
  });
};
