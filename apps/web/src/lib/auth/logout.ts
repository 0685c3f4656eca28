// Logout (spec/01 §4): clear locally first so a failing call cannot keep the user signed in.
import { toastError } from '../notices';
import { http } from '../http/client';
import { setSessionEnder } from '../http/errors';
import { reloadPage } from '../navigation';
import { clearLocalSession, currentToken } from '../session/store';

export async function logout(opts: { reload?: boolean; quiet?: boolean } = {}): Promise<void> {
  const { reload = true, quiet = false } = opts;
  const token = currentToken();
  clearLocalSession();
  if (token) {
    try {
      await http.post('/sys/logout', undefined, { silent: true, headers: { 'X-Access-Token': token } });
    } catch (e) {
      if (!quiet) void toastError((e as Error).message);
    }
  }
  if (reload) reloadPage();
}

// the http client ends a session it finds expired (401, a token the server no longer honours) this way
setSessionEnder(logout);
