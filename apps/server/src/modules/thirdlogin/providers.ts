import type * as oidc from 'openid-client';
import { z } from 'zod';
import { SECRET_MASK, SecretBox } from '../../core/auth';
import { ResourceError, type ResourceDef } from '../../core/crud';
import type { Db } from '../../core/db';
import { BizError } from '../../core/errors';
import { outboundFetch, type OutboundInit, type OutboundOptions } from '../../core/http/outbound';

// 第三方登录配置 (/sys/thirdApp/config/*, the original's /sys/thirdApp/*ThirdAppConfig): the OpenID Connect
// providers users may sign in with. The client secret is sealed with the install's key (core/auth
// SecretBox, a purpose of its own), never read back: lists and queryById answer a mask.

/** openid-client (and jose under it) loads on the first sign-in through a provider, not at every start. */
export const loadOpenId = () => import('openid-client');

export const THIRD_TYPE_PATTERN = /^[a-z][a-z0-9_]{1,31}$/;
const DEFAULT_SCOPES = 'openid profile email';

export function clientSecretBox(installSecret: string): SecretBox {
  return new SecretBox(installSecret, 'anxue.thirdlogin', 'client-secret v1');
}

export function providerResource(box: SecretBox): ResourceDef {
  return {
    label: '第三方登录配置',
    table: 'sysThirdAppConfig',
    path: '/sys/thirdApp/config',
    permission: 'system:thirdApp',
    without: ['importExcel', 'exportXls', 'deleteBatch'],
    defaultSort: [{ field: 'createTime', order: 'asc' }],
    fields: [
      { name: 'id', type: 'string', title: 'ID', writable: false },
      {
        name: 'thirdType', type: 'string', title: '标识', required: true, unique: true, max: 32,
        check: z.string().regex(THIRD_TYPE_PATTERN, '标识须以小写字母开头，只含小写字母、数字和下划线，2到32位'),
      },
      { name: 'name', type: 'string', title: '名称', required: true, max: 100 },
      {
        name: 'issuer', type: 'string', title: '颁发者地址', required: true, max: 500,
        check: z.string().regex(/^https?:\/\/[^\s?#]+$/, '颁发者地址须是 http(s) 地址，不含查询参数'),
      },
      { name: 'clientId', type: 'string', title: '客户端ID', required: true, max: 200 },
      { name: 'scopes', type: 'string', title: '授权范围', max: 500, check: z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e ]*$/, '授权范围只能是以空格分隔的名称') },
      { name: 'usernameClaim', type: 'string', title: '账号字段', max: 64, check: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '账号字段只能含字母、数字和下划线') },
      { name: 'status', type: 'number', title: '启用', check: z.union([z.literal(0), z.literal(1)], { error: '启用只能是 0 或 1' }) },
      { name: 'createBy', type: 'string', title: '创建人', writable: false },
      { name: 'createTime', type: 'datetime', title: '创建时间', writable: false },
      { name: 'updateBy', type: 'string', title: '更新人', writable: false },
      { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false },
    ],
    extraInput: { clientSecret: z.string().max(500, '客户端密钥过长').nullable().optional() },
    hooks: {
      async beforeSave(row, ctx, mode) {
        if (mode === 'add' && row.status === undefined) row.status = 1;
        if (typeof row.issuer === 'string') row.issuer = row.issuer.replace(/\/+$/, '');
        if (mode === 'edit' && typeof row.thirdType === 'string') {
          // linked accounts and the address registered at the provider carry the code: it stays while they exist
          const stored = await ctx.db.selectFrom('sysThirdAppConfig').select('thirdType').where('id', '=', String(row.id)).executeTakeFirst();
          if (stored && stored.thirdType !== row.thirdType) {
            const linked = await ctx.db.selectFrom('sysThirdAccount').select('id').where('thirdType', '=', stored.thirdType).executeTakeFirst();
            if (linked) throw new ResourceError('已有用户绑定了该第三方账号，标识不能修改（回调地址也随之改变）', 400);
          }
        }
      },
      async afterSave(row, input, ctx) {
        const secret = input.clientSecret;
        if (typeof secret !== 'string' || secret === '' || secret === SECRET_MASK) return;
        await ctx.db.updateTable('sysThirdAppConfig').set({ clientSecret: box.seal(secret, String(row.id)) }).where('id', '=', String(row.id)).execute();
      },
      async beforeDelete(ids, ctx) {
        const types = (await ctx.db.selectFrom('sysThirdAppConfig').select('thirdType').where('id', 'in', ids).execute()).map((r: { thirdType: string }) => r.thirdType);
        if (types.length) await ctx.db.deleteFrom('sysThirdAccount').where('thirdType', 'in', types).execute();
      },
      async decorate(records, ctx) {
        const ids = records.map((r) => String(r.id));
        const withSecret = ids.length
          ? new Set((await ctx.db.selectFrom('sysThirdAppConfig').select('id').where('id', 'in', ids).where('clientSecret', 'is not', null).execute()).map((r: { id: string }) => r.id))
          : new Set<string>();
        for (const r of records) {
          r.clientSecret = withSecret.has(String(r.id)) ? SECRET_MASK : '';
          r.status_dictText = r.status === 1 ? '启用' : '停用';
          r.redirectPath = `/sys/thirdLogin/callback/${String(r.thirdType)}`;
        }
      },
    },
  };
}

export interface Provider {
  id: string;
  thirdType: string;
  name: string;
  scopes: string;
  usernameClaim: string;
  config: oidc.Configuration;
}

/**
 * The enabled providers' OpenID Connect configurations, discovered from each issuer and kept for ten
 * minutes (a changed row is discovered again at once: the cache key carries its update time). The cache
 * is only a cache: every node discovers for itself.
 */
export class Providers {
  private readonly cache = new Map<string, { at: number; provider: Provider }>();

  /** Every call to the provider (discovery, keys, tokens, user info) goes through the outbound guard. */
  private readonly fetch: oidc.CustomFetch;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    guard: Pick<OutboundOptions, 'allowPrivate' | 'resolve'> = {},
  ) {
    this.fetch = (url, options) =>
      outboundFetch(url, { ...options, body: options.body as OutboundInit['body'], redirect: 'manual' }, { ...guard, timeoutMs: 15_000, maxBytes: 1024 * 1024 });
  }

  async enabled(): Promise<Array<{ thirdType: string; name: string }>> {
    return this.db.selectFrom('sysThirdAppConfig').select(['thirdType', 'name']).where('status', '=', 1).orderBy('createTime').execute();
  }

  async get(thirdType: string): Promise<Provider> {
    const row = THIRD_TYPE_PATTERN.test(thirdType)
      ? await this.db.selectFrom('sysThirdAppConfig').selectAll().where('thirdType', '=', thirdType).executeTakeFirst()
      : undefined;
    if (!row || row.status !== 1) throw new BizError('该第三方登录方式不存在或未启用');
    const key = `${row.id}:${row.updateTime ?? row.createTime}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < 10 * 60_000) return hit.provider;

    let secret: string | null = null;
    if (row.clientSecret) {
      secret = this.box.open(row.clientSecret, row.id);
      if (secret === null) throw new BizError('第三方登录的客户端密钥无法解密（可能来自另一套安装），请管理员重新填写');
    }
    const openid = await loadOpenId();
    let config: oidc.Configuration;
    try {
      config = await openid.discovery(
        new URL(row.issuer),
        row.clientId,
        secret ?? undefined,
        secret ? openid.ClientSecretBasic(secret) : openid.None(),
        // an administrator may point at an http issuer inside the network; https everywhere else
        { ...(row.issuer.startsWith('http://') ? { execute: [openid.allowInsecureRequests] } : {}), timeout: 10, [openid.customFetch]: this.fetch },
      );
    } catch {
      throw new BizError(`无法连接第三方登录服务“${row.name}”，请稍后再试或联系管理员`);
    }
    // the ID token's signature is checked against the provider's published keys (JWKS), not only TLS
    openid.enableNonRepudiationChecks(config);
    const provider: Provider = {
      id: row.id,
      thirdType: row.thirdType,
      name: row.name,
      scopes: normaliseScopes(row.scopes),
      usernameClaim: row.usernameClaim || 'preferred_username',
      config,
    };
    for (const k of this.cache.keys()) if (k.startsWith(`${row.id}:`)) this.cache.delete(k);
    this.cache.set(key, { at: Date.now(), provider });
    return provider;
  }
}

function normaliseScopes(scopes: string | null): string {
  const list = (scopes || DEFAULT_SCOPES).split(/\s+/).filter(Boolean);
  if (!list.includes('openid')) list.unshift('openid');
  return [...new Set(list)].join(' ');
}

