// The tenant step after sign-in when the user belongs to several tenants (loaded only then).
import { useState } from 'react';
import { Button, Select } from 'antd';
import { setTenant } from '../../lib/session/store';
import type { Tenant } from '../../lib/types';
import { withAntd } from '../../components/antd/AntdProvider';
import { t } from '../../lib/i18n';

function TenantStep({ tenants, initial, onDone }: { tenants: Tenant[]; initial?: number | string; onDone: () => void }) {
  const [tenantId, setTenantId] = useState<number | string | undefined>(initial ?? tenants[0]?.id);
  return (
    <div className="login-panel">
      <h3>{t('请选择登录租户')}</h3>
      <Select aria-label={t('租户')} style={{ width: '100%' }} value={tenantId} onChange={setTenantId} options={tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))} />
      <Button
        type="primary"
        block
        style={{ marginTop: 16 }}
        disabled={tenantId === undefined}
        onClick={() => {
          setTenant(tenantId!);
          onDone();
        }}
      >
        {t('确定')}
      </Button>
    </div>
  );
}

export default withAntd(TenantStep);
