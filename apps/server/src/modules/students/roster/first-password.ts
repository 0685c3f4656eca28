import { randomBytes, randomInt, scrypt } from 'node:crypto';
import type { Kysely } from 'kysely';

// First passwords: what a roster import, a login card or a teacher's reset hands a student, printed on a
// card and changed at the first sign-in (sys_user.pwd_must_change). Lower-case letters and digits without
// look-alikes, so a child can type them from paper.
const CHARS = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

export function firstPassword(): string {
  return Array.from({ length: LENGTH }, () => CHARS[randomInt(CHARS.length)]).join('');
}

// Key stretching protects passwords people choose; a random one of 10 from 31 characters (about 2^49)
// needs little: scrypt at N=256 costs well under 1 ms instead of ~20, which lets a school of 2,000 import
// in seconds. The format is core/auth/password.ts's (the cost travels with the hash), so sign-in verifies
// it unchanged, and the student's own password gets the full cost.
const COST = { N: 256, r: 8, p: 1 };

export function hashFirstPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, 32, { ...COST, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(`scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('hex')}$${key.toString('hex')}`),
    ),
  );
}

/** New first passwords for users: set with the must-change flag; answered once, never stored in clear. */
export async function issueFirstPasswords(db: Kysely<any>, userIds: string[], by: string, at: string): Promise<Map<string, string>> {
  const fresh = new Map(userIds.map((id) => [id, firstPassword()]));
  const hashes = await hashAll([...fresh]);
  await db.transaction().execute(async (trx) => {
    for (const [id, hash] of hashes) {
      await trx.updateTable('sysUser').set({ password: hash, pwdMustChange: 1, loginFailCount: 0, lockUntil: null, updateBy: by, updateTime: at }).where('id', '=', id).execute();
    }
  });
  return fresh;
}

/** Hashes [key, password] pairs a few at a time: thousands at once crowd the thread pool and memory. */
export async function hashAll<K>(pairs: Array<readonly [K, string]>): Promise<Array<readonly [K, string]>> {
  const out: Array<readonly [K, string]> = [];
  let next = 0;
  const worker = async () => {
    while (next < pairs.length) {
      const [key, pw] = pairs[next++];
      out.push([key, await hashFirstPassword(pw)]);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}
