// The dictionary reads the original server checks the signature of are signed by our http client with the
// secret of the runtime configuration; the real server refuses them under another secret.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dictPath } from '../../components/dict/dictOptions';
import { http } from '../../lib/http';
import { setTenant, setToken } from '../../lib/session/store';
import { useRealApi } from '../students/backoffice/testing/realApi';

const SIGNATURE_SECRET = 'dictionary-page-signature';
const api = useRealApi({ env: { SIGNATURE_SECRET } });
const useSecret = (signatureSecret: string) => {
  window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, signatureSecret };
  setToken(api.token);
  setTenant(1000);
};
beforeAll(() => useSecret(SIGNATURE_SECRET));
afterEach(() => useSecret(SIGNATURE_SECRET));

describe('signed dictionary calls', () => {
  it('options, search and texts of dictionaries come back signed with the configured secret', async () => {
    useSecret(SIGNATURE_SECRET);
    const sex = await http.get<Array<{ value: string; text: string }>>(dictPath('/sys/dict/getDictItems', 'sex'), undefined, { silent: true });
    expect(sex.map((o) => o.text)).toEqual(expect.arrayContaining(['男', '女']));
    const users = await http.get<Array<{ value: string }>>(dictPath('/sys/dict/loadDict', 'sys_user,realname,username'), { keyword: '管理', pageSize: 10 }, { silent: true });
    expect(users.map((o) => o.value)).toContain('admin');
    expect(await http.get<string[]>(dictPath('/sys/dict/loadDictItem', 'sex'), { key: '1,2' }, { silent: true })).toEqual(['男', '女']);
    const signed = api.seen.filter((s) => s.path.startsWith('/sys/dict/'));
    expect(signed).toHaveLength(3);
  }, 60_000);

  it('under another secret the server refuses them with the original message', async () => {
    useSecret('not-the-servers-secret');
    await expect(http.get(dictPath('/sys/dict/getDictItems', 'sex'), undefined, { silent: true })).rejects.toMatchObject({ message: 'Sign签名校验失败！' });
  }, 60_000);
});
