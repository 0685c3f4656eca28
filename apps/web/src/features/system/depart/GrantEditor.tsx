// A permission tree preloaded with one holder's grants, saved as {…holder, permissionIds, lastpermissionIds}
// (departments and department roles; roles have their own drawer with data rules).
import { useEffect, useState } from 'react';
import { Button, Space, Spin } from 'antd';
import { http } from '../../../lib/http';
import { message } from '../../../lib/antdStatic';
import { joinIds, PermissionTree, splitIds, type TreeSource } from '../../../components/tree';

export interface GrantEditorProps {
  load: { url: string; params: Record<string, string> };
  save: { url: string; holder: Record<string, string> };
  source?: TreeSource;
}

export function GrantEditor({ load, save, source }: GrantEditorProps) {
  const [granted, setGranted] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const loadKey = JSON.stringify(load);

  useEffect(() => {
    let live = true;
    setLoading(true);
    http
      .get<string[]>(load.url, load.params)
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadKey stands for `load`
  }, [loadKey]);

  const submit = async () => {
    setSaving(true);
    try {
      await http.post(save.url, { ...save.holder, permissionIds: joinIds(granted), lastpermissionIds: joinIds(last) });
      message.success('保存成功');
      setLast(granted);
    } catch {
      /* notice shown */
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  return (
    <div>
      <PermissionTree value={granted} onChange={setGranted} source={source} />
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" loading={saving} onClick={submit}>
          保存授权
        </Button>
      </Space>
    </div>
  );
}
