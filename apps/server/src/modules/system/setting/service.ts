// 系统设置: install-wide settings an administrator changes at run time: self-registration
// and the install's own name, logo and footer (a school's product, not another's). Each is kept in
// sys_install under `setting:<name>`; the first read seeds it (REGISTRATION for registration, empty
// texts for the rest), so the variable only sets the starting value. Read from the database on every
// use, so every server node follows a change at once.
import type { AppConfig } from '../../../config';
import type { Db } from '../../../core/db';
import { formatDateTime, type Clock } from '../../../core/db';

export interface SystemSettings {
  /** Self-registration at /user/register (and registration codes of POST /sys/sms). */
  registration: boolean;
  /** The install's name (sign-in page, page titles, footer); empty: the product name APP_TITLE. */
  siteName: string;
  /** Address of the install's logo (an uploaded picture); empty: the product mark. */
  siteLogo: string;
  /** The footer's line; empty: “Copyright © <year> <site name>”. */
  footerText: string;
}

export const SETTING_LIMITS = { siteName: 50, siteLogo: 500, footerText: 200 } as const;

const KEY = { registration: 'setting:registration', siteName: 'setting:siteName', siteLogo: 'setting:siteLogo', footerText: 'setting:footerText' } as const;
type Name = keyof SystemSettings;
const NAMES = Object.keys(KEY) as Name[];
const seedOf = (config: AppConfig): Record<Name, string> => ({ registration: text(config.registration), siteName: '', siteLogo: '', footerText: '' });
const text = (on: boolean) => (on ? 'on' : 'off');
const stored = (value: boolean | string) => (typeof value === 'boolean' ? text(value) : value.trim());

async function seedMissing(db: Db, config: AppConfig, now: Date): Promise<void> {
  const seed = seedOf(config);
  await db
    .insertInto('sysInstall')
    .values(NAMES.map((name) => ({ key: KEY[name], value: seed[name], createTime: formatDateTime(now) })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function readSettings(db: Db, config: AppConfig, clock: Clock): Promise<SystemSettings> {
  let rows = await db.selectFrom('sysInstall').select(['key', 'value']).where('key', 'in', Object.values(KEY)).execute();
  if (rows.length < NAMES.length) {
    await seedMissing(db, config, clock.now());
    rows = await db.selectFrom('sysInstall').select(['key', 'value']).where('key', 'in', Object.values(KEY)).execute();
  }
  const value = new Map(rows.map((r) => [r.key, r.value]));
  return {
    registration: value.get(KEY.registration) === 'on',
    siteName: value.get(KEY.siteName) ?? '',
    siteLogo: value.get(KEY.siteLogo) ?? '',
    footerText: value.get(KEY.footerText) ?? '',
  };
}

/** Whether visitors may register now. */
export async function registrationOpen(ctx: { db: Db; config: AppConfig; clock: Clock }): Promise<boolean> {
  return (await readSettings(ctx.db, ctx.config, ctx.clock)).registration;
}

export async function saveSettings(db: Db, config: AppConfig, clock: Clock, change: Partial<SystemSettings>): Promise<SystemSettings> {
  await seedMissing(db, config, clock.now());
  await db.transaction().execute(async (trx) => {
    for (const name of NAMES) {
      const value = change[name];
      if (value !== undefined) await trx.updateTable('sysInstall').set({ value: stored(value) }).where('key', '=', KEY[name]).execute();
    }
  });
  return readSettings(db, config, clock);
}
