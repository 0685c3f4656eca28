// Picks which of a menu's data rules a role gets (GET/POST /sys/role/datarule).
import { useEffect, useState } from 'react';
import { Button, Checkbox, Empty, Space, Spin, Typography } from 'antd';
import { http } from '../../../lib/http';
import { message } from '../../../lib/antd/static';
import { joinIds, splitIds } from '../../../components/tree';
import { conditionText } from '../permission/ruleConditions';
import type { RoleDataRules } from './types';
import { t } from '../../../lib/i18n';

export function DataRulePicker({ roleId, menu }: { roleId: string; menu: { key: string; title: string } }) {
  const [rules, setRules] = useState<NonNullable<RoleDataRules['datarule']>>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    http
      .get<RoleDataRules | null>(`/sys/role/datarule/${encodeURIComponent(menu.key)}/${encodeURIComponent(roleId)}`, undefined, { silent: true })
      .then((answer) => {
        if (!live) return;
        setRules(answer?.datarule ?? []);
        setChecked(splitIds(answer?.drChecked));
      })
      // The original answers an error when the menu has no rules: shown as the empty state.
      .catch(() => live && setRules([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [menu.key, roleId]);

  const save = async () => {
    setSaving(true);
    try {
      await http.post('/sys/role/datarule', { permissionId: menu.key, roleId, dataRuleIds: joinIds(checked) });
      message.success(t('数据规则授权成功'));
    } catch {
      /* notice shown */
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="data-rule-picker">
      <Typography.Title level={5}>{t('数据规则：{name}', { name: menu.title })}</Typography.Title>
      {loading ? (
        <Spin />
      ) : rules.length === 0 ? (
        <Empty description={t('该菜单未配置数据规则')} />
      ) : (
        <Space direction="vertical">
          <Checkbox.Group value={checked} onChange={(v) => setChecked(v.map(String))}>
            <Space direction="vertical">
              {rules.map((r) => (
                <Checkbox key={r.id} value={r.id}>
                  {r.ruleName}
                  <Typography.Text type="secondary">
                    {' '}
                    （{r.ruleColumn} {conditionText(r.ruleConditions ?? '')} {r.ruleValue}）
                  </Typography.Text>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
          <Button type="primary" size="small" loading={saving} onClick={save}>
            {t('保存数据规则')}
          </Button>
        </Space>
      )}
    </div>
  );
}
