// Posting an add form or putting an edit form, with the server's message on success and the client's
// own notice on failure: shared by ListFormModal and forms that build their body themselves.
import { useState } from 'react';
import { message } from '../../lib/antd/static';
import { http } from '../../lib/http';
import { t } from '../../lib/i18n';

export function useSaveRecord(api: { add: string; edit: string }, done: { onSaved: () => void; onClose: () => void }) {
  const [saving, setSaving] = useState(false);
  /** Adds when `id` is empty, else edits that record; resolves whether it was saved. */
  const save = async (body: Record<string, unknown>, id?: unknown): Promise<boolean> => {
    setSaving(true);
    try {
      const res = id ? await http.raw.put(api.edit, { ...body, id }) : await http.raw.post(api.add, body);
      void message.success(res.message || t('操作成功'));
      done.onSaved();
      done.onClose();
      return true;
    } catch {
      return false; // the client showed the notice
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
