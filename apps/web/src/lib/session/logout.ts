// Logout (spec/01 §4): clear locally first so a failing call cannot keep the user signed in.
import { toastError } from '../notices';
import { http } from '../http/client';
import { reloadPage } from '../navigation';
import { clearLocalSession, currentToken } from './store';

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
