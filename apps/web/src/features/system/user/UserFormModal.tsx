// Add/edit a user: account (unique), password on add, name, work number, roles, departments,
// phone and e-mail with the shared patterns, sex.
import { useEffect, useRef, useState } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import { FORM_PATTERNS, PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH, PASSWORD_TOO_SHORT, REQUIRED_MESSAGES } from '@anxue/shared';
import { DictSelect, ListFormModal } from '../../../components/list-page';
import { ImageUpload } from '../../../components/upload';
import { http } from '../../../lib/http';
import { usePermission } from '../../../lib/permission';
import { onlyUserRule } from './onlyUserRule';
import { USER_API, type User } from './userApi';
import { t } from '../../../lib/i18n';

interface RoleOption {
  id: string;
  roleName?: string;
  roleCode: string;
}
interface DepartNode {
  key: string;
  value?: string;
  title: string;
  children?: DepartNode[] | null;
}

/** Handing out roles is a right of its own: without it the form neither shows nor sends roles. */
export const GRANT_ROLE = 'system:user:grantRole';

function useFormOptions(open: boolean, grantsRoles: boolean) {
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [departs, setDeparts] = useState<DepartNode[]>([]);
  useEffect(() => {
    if (!open) return;
    if (grantsRoles) void http.get<RoleOption[]>('/sys/role/queryall', undefined, { silent: true }).then((r) => setRoles(r ?? []), () => setRoles([]));
    void http.get<DepartNode[]>('/sys/sysDepart/queryTreeList', undefined, { silent: true }).then((d) => setDeparts(d ?? []), () => setDeparts([]));
  }, [open, grantsRoles]);
  return { roles, departs };
}

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}
const toTreeData = (nodes: DepartNode[] | null | undefined): TreeOption[] =>
  (nodes ?? []).map((n) => ({ value: n.value ?? n.key, title: n.title, children: n.children?.length ? toTreeData(n.children) : undefined }));

export function UserFormModal({ record, onClose, onSaved }: { record: Partial<User> | undefined; onClose: () => void; onSaved: () => void }) {
  const grantsRoles = usePermission().has(GRANT_ROLE);
  const { roles, departs } = useFormOptions(!!record, grantsRoles);
  // An edited user's current roles and departments: the form opens once both are known.
  const [links, setLinks] = useState<{ roles: string[]; departs: string[] } | undefined>();
  const userId = () => record?.id;

  const openedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    setLinks(undefined);
    openedFor.current = record?.id;
    if (!record?.id) return;
    const roles = grantsRoles ? http.get<string[]>('/sys/user/queryUserRole', { userid: record.id }, { silent: true }).catch(() => []) : Promise.resolve([]);
    const departs = http
      .get<Array<{ key: string }>>('/sys/user/userDepartList', { userId: record.id }, { silent: true })
      .then((list) => (list ?? []).map((d) => d.key))
      .catch(() => []);
    const asked = record.id;
    void Promise.all([roles, departs]).then(([r, d]) => {
      // a later opening (another user) wins over a slow answer for this one
      if (openedFor.current === asked) setLinks({ roles: r ?? [], departs: d });
    });
  }, [record, grantsRoles]);

  const formRecord = !record ? undefined : !record.id ? record : links ? ({ ...record, selectedroles: links.roles, selecteddeparts: links.departs } as Partial<User>) : undefined;
  const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

  return (
    <ListFormModal<User>
      title={t('用户')}
      record={formRecord}
      api={USER_API}
      onClose={onClose}
      onSaved={onSaved}
      toBody={(values) => {
        const body: Record<string, unknown> = { ...values };
        if (grantsRoles) body.selectedroles = ((values.selectedroles as string[] | undefined) ?? []).join(',');
        else delete body.selectedroles;
        // Departments are sent only when changed: the server then keeps them as they are (including any
        // the caller cannot see, which the picker could not show).
        const departs = (values.selecteddeparts as string[] | undefined) ?? [];
        if (values.selecteddeparts !== undefined && !(links && sameSet(departs, links.departs))) body.selecteddeparts = departs.join(',');
        else delete body.selecteddeparts;
        return body;
      }}
    >
      {(form, isEdit) => (
        <>
          <Form.Item
            label={t('用户账号')}
            name="username"
            validateDebounce={300}
            rules={[
              { required: true, message: REQUIRED_MESSAGES.username },
              { pattern: FORM_PATTERNS.usernameChars.pattern, message: FORM_PATTERNS.usernameChars.message },
              { pattern: FORM_PATTERNS.username.pattern, message: FORM_PATTERNS.username.message },
              onlyUserRule('username', userId),
            ]}
          >
            <Input placeholder={t('请输入用户账号')} disabled={isEdit} autoComplete="off" />
          </Form.Item>
          {!isEdit && (
            <>
              <Form.Item label={t('登录密码')} name="password" rules={[{ required: true, message: t('请输入登录密码') }, { min: PASSWORD_MIN_LENGTH, message: PASSWORD_TOO_SHORT }]}>
                <Input.Password placeholder={t('请输入登录密码')} autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                label={t('确认密码')}
                name="confirmPassword"
                dependencies={['password']}
                rules={[
                  { required: true, message: t('请重新输入登录密码') },
                  { validator: async (_r, v) => { if (v && v !== form.getFieldValue('password')) throw new Error(PASSWORD_MISMATCH); } },
                ]}
              >
                <Input.Password placeholder={t('请重新输入登录密码')} autoComplete="new-password" />
              </Form.Item>
            </>
          )}
          <Form.Item label={t('用户名字')} name="realname" rules={[{ required: true, message: t('请输入用户名称') }]}>
            <Input placeholder={t('请输入用户名称')} />
          </Form.Item>
          <Form.Item label={t('头像')} name="avatar" getValueProps={(v) => ({ value: v ?? '' })} normalize={(v: string) => v || null}>
            <ImageUpload biz="avatar" maxCount={1} />
          </Form.Item>
          <Form.Item label={t('工号')} name="workNo" validateDebounce={300} rules={[onlyUserRule('workNo', userId)]}>
            <Input placeholder={t('请输入工号')} />
          </Form.Item>
          {grantsRoles && (
            <Form.Item label={t('角色分配')} name="selectedroles">
              <Select mode="multiple" allowClear placeholder={t('请选择用户角色')} optionFilterProp="label" options={roles.map((r) => ({ value: r.id, label: r.roleName ? t(r.roleName, undefined, 'role') : r.roleCode }))} />
            </Form.Item>
          )}
          <Form.Item label={t('部门分配')} name="selecteddeparts">
            <TreeSelect multiple allowClear treeCheckable showCheckedStrategy={TreeSelect.SHOW_ALL} placeholder={t('请选择部门')} treeData={toTreeData(departs)} treeDefaultExpandAll />
          </Form.Item>
          <Form.Item label={t('手机号码')} name="phone" validateDebounce={300} rules={[{ pattern: FORM_PATTERNS.mobile.pattern, message: FORM_PATTERNS.mobile.message }, onlyUserRule('phone', userId)]}>
            <Input placeholder={t('请输入手机号码')} />
          </Form.Item>
          <Form.Item label={t('邮箱')} name="email" validateDebounce={300} rules={[{ pattern: FORM_PATTERNS.email.pattern, message: FORM_PATTERNS.email.message }, onlyUserRule('email', userId)]}>
            <Input placeholder={t('请输入邮箱')} />
          </Form.Item>
          <Form.Item label={t('性别')} name="sex" getValueProps={(v) => ({ value: v === undefined || v === null ? undefined : String(v) })} normalize={(v) => (v ? Number(v) : null)}>
            <DictSelect dictCode="sex" placeholder={t('请选择性别')} />
          </Form.Item>
        </>
      )}
    </ListFormModal>
  );
}
