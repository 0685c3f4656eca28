import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerResource } from '../../../core/crud';
import { ok } from '../../../core/http';
import { executeFillRule } from './execute';
import { fillRuleResource } from './resource';

const ruleCode = z.string({ error: '缺少规则编码' }).trim().min(1, '缺少规则编码').max(100, '规则编码最长100个字符');
const formValues = z.record(z.string(), z.unknown(), { error: '表单数据应是 JSON 对象' }).nullish();

/**
 * Executing a rule consumes a number of its sequence: only for holders of the 执行规则 button
 * (seed/menus-rules.ts).
 */
export const FILL_RULE_EXECUTE_PERMISSION = 'system:fillRule:execute';

/** Fill rules (/sys/fillRule/*): management through the resource framework, and execution by code. */
export const fillRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  const tags = ['填值规则'];
  registerResource(app, fillRuleResource, { db, storage: app.ctx.storage });

  app.put(
    '/sys/fillRule/executeRuleByCode/:ruleCode',
    { config: { permission: FILL_RULE_EXECUTE_PERMISSION }, schema: { tags, summary: '按编码生成一个值', params: z.object({ ruleCode }), body: formValues } },
    async (req) => ok(await executeFillRule(db, req.params.ruleCode, req.body ?? {}, clock.now())),
  );

  app.get(
    '/sys/fillRule/testFillRule',
    { config: { permission: 'system:fillRule:list' }, schema: { tags, summary: '预览下一个值（不占用）', querystring: z.object({ ruleCode }) } },
    async (req) => ok(await executeFillRule(db, req.query.ruleCode, {}, clock.now(), false)),
  );
};
