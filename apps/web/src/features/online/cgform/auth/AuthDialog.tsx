// 权限控制 of an online form (the original's auth manager and Online权限授权 in one dialog): put fields,
// buttons and data rules under control, then, in 角色授权, pick a role and tick the rules it holds. A rule
// under control holds for every role not granted it; the server enforces it on the generated API.
import { useCallback, useEffect, useState } from 'react';
import { Checkbox, Modal, Switch, Table, Tabs } from 'antd';
import { AUTH_BUILT_IN_BUTTONS, ONLINE_AUTH_API, type AuthButtonAnswer, type AuthFieldRow } from '@anxue/shared/online-auth';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';
import { DataRules } from './DataRules';
import { RoleGrants } from './RoleGrants';

export interface AuthDialogProps {
  head: { id: string; tableName: string; tableTxt: string; tableType: number };
  onClose: () => void;
}

/** Loads on mount and on demand; failures were shown by the http client. */
function useLoad<T>(load: () => Promise<T>, initial: T) {
  const [value, setValue] = useState<T>(initial);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setValue(await load());
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { value, loading, reload };
}

function FieldRules({ cgformId, onFields }: { cgformId: string; onFields: (f: AuthFieldRow[]) => void }) {
  const load = useCallback(async () => (await http.get<AuthFieldRow[]>(`${ONLINE_AUTH_API.authColumn}/${cgformId}`)).filter((f) => f.isShowForm || f.isShowList), [cgformId]);
  const { value: rows, loading, reload } = useLoad(load, []);
  useEffect(() => onFields(rows), [rows, onFields]);
  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch {
      /* shown by the client */
    }
    await reload();
  };
  const control = (row: AuthFieldRow, switchFlag: 1 | 2 | 3, key: 'listShow' | 'formShow' | 'formEditable', label: string) => (
    <Checkbox
      checked={row[key]}
      disabled={!row.status}
      onChange={(e) => run(() => http.post(ONLINE_AUTH_API.authColumn, { cgformId, code: row.code, switchFlag, [key]: e.target.checked }))}
    >
      {label}
    </Checkbox>
  );
  return (
    <Table<AuthFieldRow>
      size="small"
      rowKey="code"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ y: 360 }}
      columns={[
        {
          title: t('启用'),
          width: 70,
          render: (_v, row) => (
            <Switch size="small" aria-label={t('启用{name}', { name: row.title })} checked={row.status === 1} onChange={(on) => run(() => http.put(ONLINE_AUTH_API.authColumn, { cgformId, code: row.code, status: on ? 1 : 0 }))} />
          ),
        },
        { title: t('字段名称'), dataIndex: 'code', width: 150 },
        { title: t('字段描述'), dataIndex: 'title' },
        { title: t('列表控制'), width: 100, render: (_v, row) => control(row, 1, 'listShow', t('可见')) },
        {
          title: t('表单控制'),
          width: 170,
          render: (_v, row) => (
            <>
              {control(row, 2, 'formShow', t('可见'))}
              {control(row, 3, 'formEditable', t('可编辑'))}
            </>
          ),
        },
      ]}
    />
  );
}

interface ButtonRow {
  code: string;
  title: string;
  id?: string;
  status: number;
  page: number;
}

function ButtonRules({ cgformId }: { cgformId: string }) {
  const load = useCallback(async () => {
    const answer = await http.get<AuthButtonAnswer>(`${ONLINE_AUTH_API.authButton}/${cgformId}`);
    const rule = (code: string) => answer.authList.find((a) => a.code === code);
    const own: ButtonRow[] = AUTH_BUILT_IN_BUTTONS.map((b) => ({ code: b.code, title: t(b.title), status: 0, page: 3, ...rule(b.code) }));
    const custom: ButtonRow[] = answer.buttonList
      .filter((b) => !own.some((o) => o.code === b.buttonCode))
      .map((b) => ({ code: b.buttonCode, title: b.buttonName, status: 0, page: b.buttonStyle === 'form' ? 5 : 3, ...rule(b.buttonCode) }));
    return [...own, ...custom];
  }, [cgformId]);
  const { value: rows, loading, reload } = useLoad(load, []);
  const toggle = async (row: ButtonRow, on: boolean) => {
    try {
      if (on) await http.post(ONLINE_AUTH_API.authButton, { cgformId, code: row.code, page: row.page });
      else if (row.id) await http.put(`${ONLINE_AUTH_API.authButton}/${row.id}`);
    } catch {
      /* shown by the client */
    }
    await reload();
  };
  return (
    <Table<ButtonRow>
      size="small"
      rowKey="code"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ y: 360 }}
      columns={[
        { title: t('启用'), width: 70, render: (_v, row) => <Switch size="small" aria-label={t('启用{name}', { name: row.title })} checked={row.status === 1} onChange={(on) => toggle(row, on)} /> },
        { title: t('名称'), dataIndex: 'title' },
        { title: t('编码'), dataIndex: 'code' },
        { title: t('权限控制'), width: 100, render: () => t('可见') },
      ]}
    />
  );
}

export function AuthDialog({ head, onClose }: AuthDialogProps) {
  const [fields, setFields] = useState<AuthFieldRow[]>([]);
  const [tab, setTab] = useState('field');
  const withRows = Number(head.tableType) !== 3; // a sub table's buttons and rows follow its main form
  return (
    <Modal open title={t('权限控制：{text}（{name}）', { text: head.tableTxt, name: head.tableName })} width={900} footer={null} onCancel={onClose}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'field', label: t('字段权限'), children: <FieldRules cgformId={head.id} onFields={setFields} />, forceRender: true },
          ...(withRows
            ? [
                { key: 'button', label: t('按钮权限'), children: <ButtonRules cgformId={head.id} /> },
                { key: 'data', label: t('数据权限'), children: <DataRules cgformId={head.id} fields={fields} /> },
              ]
            : []),
          { key: 'grant', label: t('角色授权'), children: tab === 'grant' ? <RoleGrants cgformId={head.id} withRows={withRows} /> : null },
        ]}
      />
    </Modal>
  );
}
