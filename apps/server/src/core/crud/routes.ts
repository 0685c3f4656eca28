import '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { PassThrough } from 'node:stream';
import { ok } from '../http/envelope';
import { BizError } from '../errors';
import { scopeOfRoute } from '../access/scope';
import type { FileStorage } from '../storage/types';
import { errorReport, exportResource, importResource } from './io';
import { importUploadedSheets } from './import-upload';
import { ResourceService, type Caller } from './service';
import type { ResourceAction, ResourceDef } from './types';

export interface ResourceDeps {
  db: Kysely<any>;
  /** Where import error reports are kept (read back through /sys/common/static). */
  storage: FileStorage;
}


export function callerOf(request: FastifyRequest): Caller {
  const u = request.user;
  if (!u) throw new BizError('当前系统无登录用户!', { status: 401, code: 401 });
  return { id: u.id, username: u.username, orgCode: u.orgCode, tenantId: u.tenantId, allTenants: u.allTenants, permissions: u.permissions, dataRuleGrants: u.dataRuleGrants };
}

function idsParam(raw: unknown): string[] {
  if (typeof raw !== 'string' || !raw.trim()) throw new BizError('请选择一条记录！');
  return raw.split(',');
}

export function permissionOf(def: ResourceDef, action: ResourceAction) {
  return `${def.permission}:${action}`;
}

/**
 * Registers list, queryById, add, edit, delete, deleteBatch, exportXls and importExcel for one
 * resource definition, each guarded by `${def.permission}:<action>`. Returns the service so a module
 * can add routes of its own on the same rules.
 */
export function registerResource(app: FastifyInstance, def: ResourceDef, deps: ResourceDeps): ResourceService {
  const svc = new ResourceService(def);
  const want = (a: ResourceAction) => !def.without?.includes(a);
  const scope = scopeOfRoute(`${def.permission}:list`, def.scope);
  // filtered by tenant and yet the platform's would leave other tenants' managers without their rows
  if (def.tenant && scope === 'platform') throw new Error(`Resource ${def.path} is tenant-scoped but its permission ${def.permission} is the platform's`);
  const cfg = (a: ResourceAction) => ({ config: { permission: def.actionPermissions?.[a] ?? permissionOf(def, a), alsoRequires: def.alsoRequires?.[a], scope: def.scope } });
  const { db } = deps;

  if (want('list')) {
    app.get(`${def.path}/list`, cfg('list'), async (req) => ok(await svc.list(db, callerOf(req), req.query as Record<string, unknown>)));
  }
  if (want('queryById')) {
    app.get(`${def.path}/queryById`, cfg('list'), async (req) => {
      const id = (req.query as { id?: unknown }).id;
      if (typeof id !== 'string' || !id) throw new BizError('缺少id');
      return ok(await svc.getById(db, callerOf(req), id));
    });
  }
  if (want('add')) {
    app.post(`${def.path}/add`, cfg('add'), async (req) => {
      await svc.add(db, callerOf(req), req.body);
      return ok(null, '添加成功！');
    });
  }
  if (want('edit')) {
    const edit = async (req: FastifyRequest) => {
      await svc.edit(db, callerOf(req), req.body);
      return ok(null, '编辑成功!');
    };
    app.put(`${def.path}/edit`, cfg('edit'), edit);
    app.post(`${def.path}/edit`, cfg('edit'), edit);
  }
  if (want('delete')) {
    app.delete(`${def.path}/delete`, cfg('delete'), async (req) => {
      const id = (req.query as { id?: unknown }).id;
      if (typeof id !== 'string' || !id) throw new BizError('缺少id');
      await svc.remove(db, callerOf(req), [id]);
      return ok(null, '删除成功!');
    });
  }
  if (want('deleteBatch')) {
    app.delete(`${def.path}/deleteBatch`, cfg('deleteBatch'), async (req) => {
      const n = await svc.remove(db, callerOf(req), idsParam((req.query as { ids?: unknown }).ids));
      return ok(null, `批量删除成功! 共删除${n}条`);
    });
  }
  if (want('exportXls')) {
    app.get(`${def.path}/exportXls`, cfg('exportXls'), async (req, reply) => sendExport(reply, def, svc, db, callerOf(req), req.query as Record<string, unknown>));
  }
  if (want('importExcel')) {
    app.post(`${def.path}/importExcel`, cfg('importExcel'), async (req) => handleImport(req, svc, deps));
  }
  return svc;
}

async function sendExport(reply: FastifyReply, def: ResourceDef, svc: ResourceService, db: Kysely<any>, caller: Caller, params: Record<string, unknown>) {
  // Parse before streaming so a bad query still gets a 400 instead of a broken file.
  svc.parse(params);
  const body = new PassThrough();
  const name = encodeURIComponent(`${def.label}列表.xlsx`);
  reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${name}`)
    .header('X-Content-Type-Options', 'nosniff');
  exportResource(db, svc, caller, params, body).catch((err) => body.destroy(err));
  return reply.send(body);
}

function handleImport(req: FastifyRequest, svc: ResourceService, deps: ResourceDeps) {
  return importUploadedSheets(req, deps.storage, svc.def.label, async (path) => {
    const outcome = await importResource(deps.db, svc, callerOf(req), path);
    return { ...outcome, errorFile: () => errorReport(svc, outcome) };
  });
}
