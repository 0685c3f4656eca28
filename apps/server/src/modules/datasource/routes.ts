import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { whereTenant, type TenantReader } from '../../core/access';
import { loadInstallSecret } from '../../core/auth';
import { callerOf, registerResource } from '../../core/crud';
import type { AppContext } from '../../core/context';
import type { Db } from '../../core/db';
import { BizError } from '../../core/errors';
import { ok } from '../../core/http';
import { runReadOnlyQuery, sourcePolicy, targetOf, testConnection, type SourcePolicy, type Target } from './connection';
import { PASSWORD_MASK, PasswordBox } from './password-box';
import { dataSourceResource } from './resource';

const TAG = '多数据源管理';

const connectionBody = z.object({
  id: z.string().max(64).nullish(),
  dbType: z.string({ error: '请选择数据库类型' }).min(1, '请选择数据库类型').max(20),
  dbUrl: z.string().max(500).nullish(),
  dbName: z.string().max(100).nullish(),
  dbUsername: z.string().max(100).nullish(),
  dbPassword: z.string().max(200).nullish(),
});

/** Data sources of one install: the password box and the rules to open one of a tenant's sources by code. */
export class DataSources {
  constructor(
    private readonly db: Db,
    readonly box: PasswordBox,
    readonly policy: SourcePolicy,
  ) {}

  /** The stored row's password, opened; null when the row has none. A row another install sealed is refused. */
  async storedPassword(id: string, tenant: TenantReader): Promise<string | null> {
    const row = await whereTenant(this.db.selectFrom('sysDataSource').select(['id', 'dbPassword']).where('id', '=', id), tenant).executeTakeFirst();
    if (!row) throw new BizError('未找到对应数据源');
    if (!row.dbPassword) return null;
    const password = this.box.open(row.dbPassword, row.id);
    if (password === null) throw new BizError('数据源密码无法解密（可能来自另一套安装），请重新填写密码');
    return password;
  }

  /** The id of the tenant's one source with this type, address and user; undefined when none or several. */
  async idOfSame(form: { dbType: string; dbUrl?: string | null; dbUsername?: string | null }, tenant: TenantReader): Promise<string | undefined> {
    if (!form.dbUrl) return undefined;
    let qb = this.db.selectFrom('sysDataSource').select('id').where('dbType', '=', form.dbType).where('dbUrl', '=', form.dbUrl);
    qb = form.dbUsername ? qb.where('dbUsername', '=', form.dbUsername) : qb.where((eb) => eb.or([eb('dbUsername', 'is', null), eb('dbUsername', '=', '')]));
    const rows = await whereTenant(qb, tenant).limit(2).execute();
    return rows.length === 1 ? rows[0].id : undefined;
  }

  /** The connection target of a tenant's data source, by its code. */
  async targetByCode(code: string, tenant: TenantReader): Promise<Target> {
    const row = await whereTenant(this.db.selectFrom('sysDataSource').selectAll().where('code', '=', code), tenant).executeTakeFirst();
    if (!row) throw new BizError(`数据源“${code}”不存在`);
    return targetOf({ ...row, password: await this.storedPassword(row.id, tenant) }, this.policy);
  }

  /** For online reports: one read-only SELECT on a tenant's data source (connection.ts has the safeguards). */
  async query(code: string, tenant: TenantReader, sqlText: string, params: unknown[] = [], maxRows?: number) {
    return runReadOnlyQuery(await this.targetByCode(code, tenant), sqlText, params, maxRows);
  }
}

/** The install's data sources, for the online reports (issue 15) and anything else that reads them. */
export async function dataSourcesOf(ctx: Pick<AppContext, 'db' | 'config'>): Promise<DataSources> {
  return new DataSources(ctx.db, new PasswordBox(await loadInstallSecret(ctx.db)), sourcePolicy(ctx.config));
}

export async function dataSourceRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const sources = await dataSourcesOf(app.ctx);
  const box = sources.box;
  const svc = registerResource(app, dataSourceResource(box, sources.policy), { db, storage: app.ctx.storage });
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The online report form's data source picker: code and name of the caller's tenant's sources.
  r.get(
    '/sys/dataSource/options',
    { config: { permission: 'system:datasource:list' }, schema: { tags: [TAG], summary: '数据源下拉选项' } },
    async (req) => {
      const rows = await (await svc.scoped(db, callerOf(req))).clearSelect().select(['code', 'name']).orderBy('code').execute();
      return ok(rows.map((row) => ({ value: row.code, label: row.name, text: row.name })));
    },
  );

  // The original client's 测试 button posts the form here; a masked or blank password with the row's id
  // means the stored one (the form never holds it).
  r.post(
    '/online/cgreport/api/testConnection',
    {
      config: { permission: ['system:datasource:add', 'system:datasource:edit'] },
      schema: { tags: [TAG], summary: '测试数据源连接', body: connectionBody },
    },
    async (req) => {
      const caller = callerOf(req);
      const body = req.body;
      let password = body.dbPassword ?? '';
      if (password === '' || password === PASSWORD_MASK) {
        // the 3.9 client's 测试 on an edit sends the form without its id: the caller's one source with the
        // same type, address and user is the one being edited (the password only ever goes back to it)
        const id = body.id || (await sources.idOfSame(body, caller));
        if (id) password = (await sources.storedPassword(id, caller)) ?? '';
      }
      await testConnection(await targetOf({ ...body, password }, sources.policy));
      return ok(true, '数据库连接成功');
    },
  );
}
