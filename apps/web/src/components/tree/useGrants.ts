// The grants of one holder (a role, a department, a department role): loaded as permission ids, edited in
// a PermissionTree, saved as {…holder, permissionIds, lastpermissionIds} so the server replaces them at once.
import { useEffect, useState } from 'react';
import { http } from '../../lib/http';
import { message } from '../../lib/antd/static';
import { joinIds, splitIds } from './treeUtils';
import { t } from '../../lib/i18n';

export interface GrantsEndpoints {
  load: { url: string; params: Record<string, string> };
  save: { url: string; holder: Record<string, string> };
}

/** `endpoints` undefined means no holder yet (nothing is loaded). `save` resolves true when it saved. */
export function useGrants(endpoints: GrantsEndpoints | undefined) {
  const [granted, setGranted] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [loading, setLoading] = useState(!!endpoints);
  const [saving, setSaving] = useState(false);
  const loadKey = endpoints ? JSON.stringify(endpoints.load) : '';

  useEffect(() => {
    if (!endpoints) return;
    let live = true;
    setLoading(true);
    http
      .get<string[]>(endpoints.load.url, endpoints.load.params)
      .then((ids) => {
        if (!live) return;
        setGranted(splitIds(ids));
        setLast(splitIds(ids));
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadKey stands for endpoints.load
  }, [loadKey]);

  const save = async (): Promise<boolean> => {
    if (!endpoints) return false;
    setSaving(true);
    try {
      await http.post(endpoints.save.url, { ...endpoints.save.holder, permissionIds: joinIds(granted), lastpermissionIds: joinIds(last) });
      message.success(t('保存成功'));
      setLast(granted);
      return true;
    } catch {
      return false; // the http client has shown the notice
    } finally {
      setSaving(false);
    }
  };

  return { granted, setGranted, loading, saving, save };
}
