// A permission tree preloaded with one holder's grants, saved as {…holder, permissionIds, lastpermissionIds}
// (departments and department roles; roles have their own drawer with data rules).
import { Button, Space, Spin } from 'antd';
import { PermissionTree, useGrants, type GrantsEndpoints, type TreeSource } from '../../../components/tree';
import { t } from '../../../lib/i18n';

export interface GrantEditorProps extends GrantsEndpoints {
  source?: TreeSource;
}

export function GrantEditor({ load, save: saveTo, source }: GrantEditorProps) {
  const { granted, setGranted, loading, saving, save } = useGrants({ load, save: saveTo });

  if (loading) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  return (
    <div>
      <PermissionTree value={granted} onChange={setGranted} source={source} />
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('保存授权')}
        </Button>
      </Space>
    </div>
  );
}
