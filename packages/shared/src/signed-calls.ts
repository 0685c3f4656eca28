// The calls that carry the original's request signature (X-Sign over the parameters, X-TIMESTAMP within
// 300 s): the original server's default signUrls (its dictionary reads and SMS sends) and its
// @SignatureCheck calls, as far as this server offers them, plus the account cancellation's SMS send.
// The server refuses them unsigned; our web client signs exactly these.

/** Paths below the API base; `*` stands for one path segment (as the original's `/*` patterns). */
export const SIGNED_CALLS: readonly string[] = [
  // dictionary reads (the original's /sys/api/* dictionary calls are internal to its server and absent here)
  '/sys/dict/getDictItems/*',
  '/sys/dict/loadDict/*',
  '/sys/dict/loadDictOrderByValue/*',
  '/sys/dict/loadDictItem/*',
  '/sys/dict/loadTreeData',
  // calls that send an SMS
  '/sys/sms',
  '/sys/sendChangePwdSms',
  '/sys/user/sendChangePhoneSms',
  '/sys/user/sendLogOffPhoneSms',
  // @SignatureCheck in the original's controllers
  '/sys/dataSource/options',
  '/sys/tenant/queryById',
  '/sys/tenant/invitationUserJoin',
  '/sys/tenant/invitationUser',
  '/sys/tenant/joinTenantByHouseNumber',
  '/sys/tenant/agreeOrRefuseJoinTenant',
];

const segments = (path: string) => path.split('?')[0].split('/').filter((s) => s !== '');
const PATTERNS = SIGNED_CALLS.map(segments);

/** Whether a call (a path below the API base, query and trailing slash ignored) must be signed. */
export function isSignedCall(path: string): boolean {
  const parts = segments(path);
  return PATTERNS.some((p) => p.length === parts.length && p.every((s, i) => s === parts[i] || (s === '*' && parts[i] !== '')));
}
