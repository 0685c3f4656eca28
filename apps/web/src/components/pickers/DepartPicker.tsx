// 选择部门 as a form control: a 500-wide modal with the department tree and its search; one or
// several departments, checked strictly by default; stores id and shows departName unless told otherwise.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { DEPART_TREE_KEY, type DepartTreeNode } from '../tree';
import { SEPARATOR, WIDTHS } from './constants';
import { PickerInput } from './PickerInput';
import { TreeSelectModal } from './TreeSelectModal';
import { joinValues, splitValues } from './values';
import type { PickerTreeNode } from './types';
import { t } from '../../lib/i18n';

export const DEPART_TREE_URL = '/sys/sysDepart/queryTreeList';
export const DEPART_SEARCH_URL = '/sys/sysDepart/searchBy';

export interface DepartPickerProps {
  value?: string;
  onChange?: (value: string, departs: DepartTreeNode[]) => void;
  /** Several departments (checkboxes); default one. */
  multi?: boolean;
  /** Checking a department does not check the ones under it; default true. */
  checkStrictly?: boolean;
  /** Stored field, default id. */
  store?: string;
  /** Shown field, default departName. */
  text?: string;
  placeholder?: string;
  disabled?: boolean;
  modalWidth?: number;
  id?: string;
}

function toPickerNodes(nodes: DepartTreeNode[] | null | undefined, store: string, text: string): PickerTreeNode[] {
  return (nodes ?? []).map((n) => ({
    ...n,
    key: String((n as unknown as Record<string, unknown>)[store] ?? n.key),
    title: String((n as unknown as Record<string, unknown>)[text] ?? n.title ?? ''),
    isLeaf: n.isLeaf,
    children: n.children?.length ? toPickerNodes(n.children, store, text) : undefined,
  }));
}

function flatten(nodes: PickerTreeNode[]): PickerTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

export function DepartPicker({ value, onChange, multi = false, checkStrictly = true, store = 'id', text = 'departName', placeholder = t('请选择部门'), disabled, modalWidth = WIDTHS.depart, id }: DepartPickerProps) {
  const [open, setOpen] = useState(false);
  // the same cache as the department tree of other pages
  const { data } = useQuery({
    queryKey: DEPART_TREE_KEY,
    queryFn: async () => (await http.get<DepartTreeNode[]>(DEPART_TREE_URL)) ?? [],
  });
  const tree = toPickerNodes(data, store, text);
  const values = splitValues(value);
  const all = flatten(tree);
  const shown = values.map((v) => all.find((n) => n.key === v)?.title ?? v).join(SEPARATOR);

  return (
    <>
      <PickerInput id={id} text={shown} placeholder={placeholder} disabled={disabled} hasValue={values.length > 0} onOpen={() => setOpen(true)} onClear={() => onChange?.('', [])} />
      <TreeSelectModal
        open={open}
        title={t('选择部门')}
        width={modalWidth}
        treeData={tree}
        multiple={multi}
        checkStrictly={checkStrictly}
        value={values}
        searchPlaceholder={t('请输入部门名称')}
        onSearch={async (keyWord) => toPickerNodes(await http.get<DepartTreeNode[]>(DEPART_SEARCH_URL, { keyWord }, { silent: true }), store, text)}
        onOk={({ keys, nodes }) => {
          setOpen(false);
          onChange?.(joinValues(keys), nodes as unknown as DepartTreeNode[]);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
