// The tenant step after sign-in when the user belongs to several tenants (loaded only then).
import { useState } from 'react';
import { Button, Select } from 'antd';
import { setTenant } from '../../lib/session/store';
import type { Tenant } from '../../lib/types';
import { withAntd } from '../../app/AntdProvider';

function TenantStep({ tenants, initial, onDone }: { tenants: Tenant[]; initial?: number | string; onDone: () => void }) {
  const [tenantId, setTenantId] = useState<number | string | undefined>(initial ?? tenants[0]?.id);
  return (
    <div className="login-panel">
      <h3>请选择登录租户</h3>
      <Select aria-label="租户" style={{ width: '100%' }} value={tenantId} onChange={setTenantId} options={tenants.map((t) => ({ value: t.id, label: t.name }))} />
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
        确定
      </Button>
    </div>
  );
}

export default withAntd(TenantStep);
