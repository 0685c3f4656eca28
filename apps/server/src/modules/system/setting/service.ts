// 系统设置: install-wide switches an administrator changes at run time (issue 16: self-registration).
// Each is kept in sys_install under `setting:<name>`; the first read seeds it from the environment
// (REGISTRATION), so the variable only sets the starting value. Read from the database on every use,
// so every server node follows a change at once.
import type { AppConfig } from '../../../config';
import type { Db } from '../../../core/db';
import { formatDateTime, type Clock } from '../../../core/db';

export interface SystemSettings {
  /** Self-registration at /user/register (and registration codes of POST /sys/sms). */
  registration: boolean;
}

const KEY = { registration: 'setting:registration' } as const;
const seedOf = (config: AppConfig): SystemSettings => ({ registration: config.registration });
const text = (on: boolean) => (on ? 'on' : 'off');

async function seedMissing(db: Db, config: AppConfig, now: Date): Promise<void> {
  const seed = seedOf(config);
  await db
    .insertInto('sysInstall')
    .values((Object.keys(KEY) as Array<keyof SystemSettings>).map((name) => ({ key: KEY[name], value: text(seed[name]), createTime: formatDateTime(now) })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function readSettings(db: Db, config: AppConfig, clock: Clock): Promise<SystemSettings> {
  let rows = await db.selectFrom('sysInstall').select(['key', 'value']).where('key', 'in', Object.values(KEY)).execute();
  if (rows.length < Object.keys(KEY).length) {
    await seedMissing(db, config, clock.now());
    rows = await db.selectFrom('sysInstall').select(['key', 'value']).where('key', 'in', Object.values(KEY)).execute();
  }
  const value = new Map(rows.map((r) => [r.key, r.value]));
  return { registration: value.get(KEY.registration) === 'on' };
}

/** Whether visitors may register now. */
export async function registrationOpen(ctx: { db: Db; config: AppConfig; clock: Clock }): Promise<boolean> {
  return (await readSettings(ctx.db, ctx.config, ctx.clock)).registration;
}

export async function saveSettings(db: Db, config: AppConfig, clock: Clock, change: Partial<SystemSettings>): Promise<SystemSettings> {
  await seedMissing(db, config, clock.now());
  await db.transaction().execute(async (trx) => {
    for (const name of Object.keys(change) as Array<keyof SystemSettings>) {
      const on = change[name];
      if (typeof on === 'boolean') await trx.updateTable('sysInstall').set({ value: text(on) }).where('key', '=', KEY[name]).execute();
    }
  });
  return readSettings(db, config, clock);
}
