// 应用版本 (the original's SysAppVersionController): the mobile app's current release (version, download
// addresses, update notes), one record per app key. Install-wide like the original's (it keeps it in
// Redis under the key, for every tenant): the app asks for it before anyone signs in, so reading is
// public; saving needs the original client's button code. Before the first save the answer is empty
// (the original falls back to its bundled file pointing at its vendor's downloads, which are not ours).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../core/access';
import { formatDateTime } from '../../../core/db';
import { ok } from '../../../core/http';

/** The original client's code of the 应用版本 page's 保存 button. */
export const APP_VERSION_EDIT = 'app:edit:version';

const tags = ['应用版本'];
const appKey = z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, '应用标识须为 1 到 32 个字母、数字、下划线或连字符');
// an address the app downloads: a web address or a path of this server's files, never another scheme
const address = (label: string) =>
  z
    .string()
    .trim()
    .max(1000, `${label}不能超过 1000 个字符`)
    .refine((v) => !/^[a-z][a-z0-9+.-]*:/i.test(v) || /^https?:\/\//i.test(v), `${label}须为 http(s) 地址或本系统的文件路径`);
const optionalText = (max: number) => z.string().max(max).nullish();

const saveBody = z.object({
  id: appKey,
  appVersion: z.string({ error: '版本不能为空' }).trim().min(1, '版本不能为空').max(50, '版本不能超过 50 个字符'),
  versionNum: z.coerce.number().int('版本编码须为整数').min(0).max(2_147_483_647).nullish(),
  downloadUrl: address('APP安装apk').pipe(z.string().min(1, 'APP安装apk不能为空')),
  wgtUrl: address('APP热更新文件').nullish(),
  webDownloadUrl: address('桌面应用下载地址').nullish(),
  updateNote: optionalText(5000),
  appTitle: optionalText(100),
  appLogo: address('logo').nullish(),
  carouselImgJson: optionalText(20_000),
  routeImgJson: optionalText(20_000),
});

export const appVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;

  app.get(
    '/sys/version/app3version',
    { config: { public: true }, schema: { tags, summary: 'APP 当前版本（登录前可读）', querystring: z.object({ key: appKey.optional() }) } },
    async (req) => {
      const key = req.query.key;
      const row = key ? await db.selectFrom('sysAppVersion').selectAll().where('id', '=', key).executeTakeFirst() : undefined;
      return ok(row ?? null);
    },
  );

  app.post(
    '/sys/version/saveVersion',
    { config: { permission: APP_VERSION_EDIT }, schema: { tags, summary: '保存 APP 版本', body: saveBody } },
    async (req) => {
      const me = currentUser(req);
      const now = formatDateTime(clock.now());
      const { id, ...fields } = req.body;
      const values = {
        appVersion: fields.appVersion,
        // the original client derives it from the version ("1.2.3" → 123) when it has dots
        versionNum: fields.versionNum ?? null,
        downloadUrl: fields.downloadUrl,
        wgtUrl: fields.wgtUrl ?? null,
        webDownloadUrl: fields.webDownloadUrl ?? null,
        updateNote: fields.updateNote ?? null,
        appTitle: fields.appTitle ?? null,
        appLogo: fields.appLogo ?? null,
        carouselImgJson: fields.carouselImgJson ?? null,
        routeImgJson: fields.routeImgJson ?? null,
        updateBy: me.username,
        updateTime: now,
      };
      await db
        .insertInto('sysAppVersion')
        .values({ id, ...values, sysOrgCode: me.orgCode, createBy: me.username, createTime: now })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      return ok(null, '保存成功');
    },
  );
};
