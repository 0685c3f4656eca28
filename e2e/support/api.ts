// Calls to the server's API from a test, as a signed-in user: test data is made the way an administrator
// would make it, through the same routes the pages use.

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

export interface ApiUser {
  readonly token: string;
  readonly tenant: string;
  /** Answers `result`, throws the message of a refusal. */
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Adds a user (with a seeded role by its code, or none) and answers the user's id. */
  createUser(user: { username: string; realname: string; password: string }, roleCode?: string): Promise<string>;
}

async function request<T>(baseUrl: string, token: string, tenant: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(tenant ? { 'tenant-id': tenant } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (!env.success) throw new Error(`${method} ${path}: ${env.message}`);
  return env.result;
}

/** Signs in through the API (captcha off) and answers calls as that user. */
export async function apiAs(baseUrl: string, username: string, password: string): Promise<ApiUser> {
  const login = await request<{ token: string; userInfo: { loginTenantId?: number | string } }>(baseUrl, '', '', 'POST', '/sys/userLogin', { username, password });
  const token = login.token;
  const tenant = String(login.userInfo.loginTenantId ?? '');
  const call = <T>(method: string, path: string, body?: unknown) => request<T>(baseUrl, token, tenant, method, path, body);
  return {
    token,
    tenant,
    call,
    async createUser(user, roleCode) {
      let selectedroles: string | undefined;
      if (roleCode) {
        const roles = await call<{ records: Array<{ id: string; roleCode: string }> }>('GET', `/sys/role/list?roleCode=${roleCode}`);
        const role = roles.records.find((r) => r.roleCode === roleCode);
        if (!role) throw new Error(`role ${roleCode} is not seeded`);
        selectedroles = role.id;
      }
      await call('POST', '/sys/user/add', { ...user, confirmPassword: user.password, ...(selectedroles ? { selectedroles } : {}) });
      const page = await call<{ records: Array<{ id: string; username: string }> }>('GET', `/sys/user/list?username=${encodeURIComponent(user.username)}`);
      return page.records.find((u) => u.username === user.username)!.id;
    },
  };
}
