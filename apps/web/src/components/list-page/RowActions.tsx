// The 操作 column of a list: links separated by dividers, each shown only to users holding its
// permission, destructive ones behind a confirmation.
import { Divider, Popconfirm } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { usePermission } from '../../lib/permission';
import { t } from '../../lib/i18n';

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
  /** Permission code the user must hold to see the link. */
  permission?: string;
  /** Asks this question first (e.g. 确定删除吗?). */
  confirm?: string;
  hidden?: boolean;
}

export function RowActions({ actions }: { actions: RowAction[] }) {
  const { has } = usePermission();
  const shown = actions.filter((a) => !a.hidden && (!a.permission || has(a.permission)));
  return (
    <>
      {shown.map((a, i) => (
        <Fragment key={a.key}>
          {i > 0 && <Divider type="vertical" />}
          {a.confirm ? (
            <Popconfirm title={a.confirm} onConfirm={a.onClick}>
              <a>{a.label}</a>
            </Popconfirm>
          ) : (
            <a onClick={a.onClick}>{a.label}</a>
          )}
        </Fragment>
      ))}
    </>
  );
}

/** 编辑 and 删除 of a resource whose permission codes are `<prefix>:edit` and `<prefix>:delete`. */
export function editDeleteActions(prefix: string, handlers: { onEdit: () => void; onDelete: () => void }): RowAction[] {
  return [
    { key: 'edit', label: t('编辑'), permission: `${prefix}:edit`, onClick: handlers.onEdit },
    { key: 'delete', label: t('删除'), permission: `${prefix}:delete`, confirm: t('确定删除吗?'), onClick: handlers.onDelete },
  ];
}
