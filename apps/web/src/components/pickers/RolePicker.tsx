// 选择角色: the entity picker over /sys/role/list, queried by role code; answers id and roleCode.
import { EntityPicker } from './EntityPicker';
import type { RoleRow } from './types';
import { t } from '../../lib/i18n';

export const ROLE_LIST_URL = '/sys/role/list';

export interface RolePickerProps {
  value?: string;
  /** `roles` carry at least id and roleCode. */
  onChange?: (value: string, roles: RoleRow[]) => void;
  /** Default true. */
  multiple?: boolean;
  /** Stored field: id (default) or roleCode. */
  store?: 'id' | 'roleCode';
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

const COLUMNS = [
  { dataIndex: 'roleName', title: '角色名称' },
  { dataIndex: 'roleCode', title: '角色编码' },
];

export function RolePicker({ value, onChange, multiple = true, store = 'id', placeholder = t('请选择角色'), disabled, id }: RolePickerProps) {
  return (
    <EntityPicker<RoleRow>
      id={id}
      value={value}
      onChange={onChange}
      listUrl={ROLE_LIST_URL}
      valueKey={store}
      displayKey="roleName"
      columns={COLUMNS.map((c) => ({ ...c, title: t(c.title) }))}
      queryParamCode="roleCode"
      queryParamText={t('角色编码')}
      multiple={multiple}
      name={t('角色')}
      placeholder={placeholder}
      disabled={disabled}
    />
  );
}
