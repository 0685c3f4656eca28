import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authButtonBody,
  authDataBody,
  authFieldControlBatch,
  authFieldControlBody,
  authFieldStatusBatch,
  authFieldStatusBody,
  authFormId,
  ONLINE_AUTH_PERMISSION,
  roleAuthBody,
  roleAuthQuery,
} from '@anxue/shared/online-auth';
import { currentUser } from '../../../../core/access';
import { callerOf } from '../../../../core/crud';
import { formatDateTime } from '../../../../core/db/time';
import { BizError } from '../../../../core/errors';
import { ok } from '../../../../core/http';
import { AUTH_TYPE } from './kinds';
import {
  addDataRule,
  buttonRules,
  dataRules,
  deleteDataRule,
  disableButton,
  editDataRule,
  enableButton,
  enabledRules,
  fieldRules,
  roleGrants,
  saveRoleGrants,
  setFieldControl,
  setFieldStatus,
  type Actor,
} from './rules';

// 权限控制 and 角色授权 of online forms (issue 15) on the original client's paths (auth.api.ts). Managing
// rules and granting them needs the designer's edit right; grants go to roles of the caller's tenant only.

const tags = ['Online表单权限'];
const access = { config: { permission: ONLINE_AUTH_PERMISSION } };
const formParams = z.object({ cgformId: authFormId });
const idParams = z.object({ id: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'ID格式不正确') });
const pageParams = z.object({ cgformId: authFormId, type: z.coerce.number().int().refine((n) => n === 1 || n === 2, 'type 只能是1或2') });
const grantParams = z.object({ roleId: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, '角色ID格式不正确'), cgformId: authFormId });
const anyQuery = z.record(z.string(), z.unknown());

export const onlineAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  const actor = (req: FastifyRequest): Actor => ({ username: currentUser(req).username, at: formatDateTime(clock.now()) });

  // 字段权限
  app.get('/online/cgform/api/authColumn/:cgformId', { ...access, schema: { tags, summary: '字段权限：字段与其控制', params: formParams, querystring: anyQuery } }, async (req) =>
    ok(await fieldRules(db, req.params.cgformId)),
  );
  app.put('/online/cgform/api/authColumn', { ...access, schema: { tags, summary: '字段权限：启用或停用', body: authFieldStatusBody } }, async (req) => {
    await setFieldStatus(db, [req.body], actor(req));
    return ok(null, '操作成功');
  });
  app.post('/online/cgform/api/authColumn', { ...access, schema: { tags, summary: '字段权限：列表可见、表单可见、可编辑', body: authFieldControlBody } }, async (req) => {
    await setFieldControl(db, [req.body], actor(req));
    return ok(null, '操作成功');
  });
  app.put('/online/cgform/api/authColumn/batch', { ...access, schema: { tags, summary: '字段权限：批量启用或停用', body: authFieldStatusBatch } }, async (req) => {
    await setFieldStatus(db, req.body, actor(req));
    return ok(null, '操作成功');
  });
  app.post('/online/cgform/api/authColumn/batch', { ...access, schema: { tags, summary: '字段权限：批量设置控制', body: authFieldControlBatch } }, async (req) => {
    await setFieldControl(db, req.body, actor(req));
    return ok(null, '操作成功');
  });

  // 按钮权限
  app.get('/online/cgform/api/authButton/:cgformId', { ...access, schema: { tags, summary: '按钮权限：规则与自定义按钮', params: formParams, querystring: anyQuery } }, async (req) =>
    ok(await buttonRules(db, req.params.cgformId)),
  );
  app.post('/online/cgform/api/authButton', { ...access, schema: { tags, summary: '按钮权限：启用', body: authButtonBody } }, async (req) =>
    ok(await enableButton(db, req.body, actor(req)), '操作成功'),
  );
  app.put('/online/cgform/api/authButton/:id', { ...access, schema: { tags, summary: '按钮权限：停用', params: idParams } }, async (req) => {
    await disableButton(db, req.params.id, actor(req));
    return ok(null, '操作成功');
  });

  // 数据权限
  app.get('/online/cgform/api/authData/:cgformId', { ...access, schema: { tags, summary: '数据权限：规则', params: formParams, querystring: anyQuery } }, async (req) =>
    ok(await dataRules(db, req.params.cgformId)),
  );
  app.post('/online/cgform/api/authData', { ...access, schema: { tags, summary: '数据权限：新增规则', body: authDataBody } }, async (req) =>
    ok(await addDataRule(db, req.body, actor(req)), '添加成功！'),
  );
  app.put('/online/cgform/api/authData', { ...access, schema: { tags, summary: '数据权限：修改规则或其状态', body: authDataBody } }, async (req) => {
    const { id } = req.body;
    if (!id) throw new BizError('缺少规则ID');
    await editDataRule(db, { ...req.body, id }, actor(req));
    return ok(null, '修改成功！');
  });
  app.delete('/online/cgform/api/authData/:id', { ...access, schema: { tags, summary: '数据权限：删除规则（及其授权）', params: idParams } }, async (req) => {
    await deleteDataRule(db, req.params.id);
    return ok(null, '删除成功!');
  });

  // 角色授权
  app.get('/online/cgform/api/authPage/:cgformId/:type', { ...access, schema: { tags, summary: '可授权的字段或按钮规则', params: pageParams } }, async (req) =>
    ok(await enabledRules(db, req.params.cgformId, req.params.type)),
  );
  app.get('/online/cgform/api/validAuthData/:cgformId', { ...access, schema: { tags, summary: '可授权的数据规则', params: formParams } }, async (req) =>
    ok(await dataRules(db, req.params.cgformId, true)),
  );
  app.get('/online/cgform/api/roleAuth', { ...access, schema: { tags, summary: '角色已有的授权', querystring: roleAuthQuery } }, async (req) =>
    ok(await roleGrants(db, callerOf(req), req.query)),
  );
  const grant = (type: number) => async (req: FastifyRequest<{ Params: z.infer<typeof grantParams>; Body: z.infer<typeof roleAuthBody> }>) => {
    await saveRoleGrants(db, callerOf(req), req.params.roleId, req.params.cgformId, type, req.body.authId, req.body.authMode);
    return ok(null, '保存成功');
  };
  app.post('/online/cgform/api/roleColumnAuth/:roleId/:cgformId', { ...access, schema: { tags, summary: '角色授权：字段', params: grantParams, body: roleAuthBody } }, grant(AUTH_TYPE.field));
  app.post('/online/cgform/api/roleButtonAuth/:roleId/:cgformId', { ...access, schema: { tags, summary: '角色授权：按钮', params: grantParams, body: roleAuthBody } }, grant(AUTH_TYPE.button));
  app.post('/online/cgform/api/roleDataAuth/:roleId/:cgformId', { ...access, schema: { tags, summary: '角色授权：数据', params: grantParams, body: roleAuthBody } }, grant(AUTH_TYPE.data));
};
