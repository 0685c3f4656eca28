// A generic tree selection modal: given tree data or a loader, pick one node (click) or several
// (checkboxes), with parent and child checks linked or strict; OK answers the keys and the nodes.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Input, Modal, Spin, Switch, Tree } from 'antd';
import { allKeys, findNode } from '../tree';
import { WIDTHS } from './constants';
import type { PickerTreeNode } from './types';
import { t } from '../../lib/i18n';

export interface TreeSelectResult {
  keys: string[];
  nodes: PickerTreeNode[];
}

export interface TreeSelectModalProps {
  open: boolean;
  title?: string;
  width?: number;
  /** Either the tree itself … */
  treeData?: PickerTreeNode[];
  /** … or how to load it (called each time the modal opens). */
  loadTree?: () => Promise<PickerTreeNode[]>;
  /** Checkboxes for several nodes; otherwise one node is picked by clicking it. */
  multiple?: boolean;
  /** Checking a parent does not check its children (and the reverse). */
  checkStrictly?: boolean;
  /** Shows a 父子关联 switch that turns strict checking off and on. */
  showStrictSwitch?: boolean;
  /** Keys selected when the modal opens. */
  value?: string[];
  /** Search box: answers the matching nodes shown instead of the tree until cleared. */
  onSearch?: (word: string) => Promise<PickerTreeNode[]>;
  searchPlaceholder?: string;
  onOk: (result: TreeSelectResult) => void;
  onCancel: () => void;
}

type CheckedKeys = React.Key[] | { checked: React.Key[]; halfChecked: React.Key[] };
const checkedList = (k: CheckedKeys) => (Array.isArray(k) ? k : k.checked).map(String);

export function TreeSelectModal({
  open,
  title = t('请选择'),
  width = WIDTHS.tree,
  treeData,
  loadTree,
  multiple = true,
  checkStrictly = false,
  showStrictSwitch = false,
  value = [],
  onSearch,
  searchPlaceholder = t('请输入名称搜索'),
  onOk,
  onCancel,
}: TreeSelectModalProps) {
  const [loaded, setLoaded] = useState<PickerTreeNode[] | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [found, setFound] = useState<PickerTreeNode[] | undefined>(undefined);
  const [strict, setStrict] = useState(checkStrictly);
  const [keys, setKeys] = useState<string[]>(value);
  // nodes picked from any shown tree (the tree or search results), so picks survive a search
  const picked = useRef(new Map<string, PickerTreeNode>());

  useEffect(() => {
    if (!open) return;
    setKeys(value);
    setFound(undefined);
    setStrict(checkStrictly);
    if (!loadTree) return;
    let live = true;
    setLoading(true);
    loadTree()
      .then((nodes) => live && setLoaded(nodes ?? []))
      .catch(() => live && setLoaded([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const tree = treeData ?? loaded ?? [];
  const shown = found ?? tree;
  const shownKeys = useMemo(() => allKeys(shown), [shown]);

  const search = async (word: string) => {
    if (!onSearch || !word.trim()) {
      setFound(undefined);
      return;
    }
    try {
      setFound((await onSearch(word.trim())) ?? []);
    } catch {
      setFound([]);
    }
  };

  const submit = () => {
    const nodes = keys.map((k) => picked.current.get(k) ?? findNode(tree, k)).filter((n): n is PickerTreeNode => !!n);
    onOk({ keys, nodes });
  };

  return (
    <Modal open={open} title={title} width={width} onOk={submit} onCancel={onCancel} destroyOnHidden>
      {onSearch && (
        <Input.Search placeholder={searchPlaceholder} allowClear onSearch={search} onChange={(e) => !e.target.value && setFound(undefined)} style={{ marginBottom: 8 }} />
      )}
      {multiple && showStrictSwitch && (
        <div style={{ marginBottom: 8 }}>
          <Switch size="small" checked={!strict} onChange={(linked) => setStrict(!linked)} aria-label={t('父子关联')} /> {t('父子关联')}
        </div>
      )}
      {loading ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : shown.length === 0 ? (
        <Empty description={found ? t('未找到匹配的数据') : t('暂无数据')} />
      ) : (
        <Tree<PickerTreeNode>
          key={`${found ? 'found' : 'tree'}-${strict}`}
          treeData={shown}
          defaultExpandedKeys={shownKeys}
          blockNode
          height={400}
          checkable={multiple}
          checkStrictly={strict}
          checkedKeys={multiple ? keys : undefined}
          onCheck={(k, info) => {
            for (const n of info.checkedNodes) picked.current.set(String(n.key), n);
            // keys outside the shown tree (picked before a search) stay picked
            const inView = new Set(shownKeys);
            setKeys([...new Set([...keys.filter((x) => !inView.has(x)), ...checkedList(k as CheckedKeys)])]);
          }}
          selectable={!multiple}
          selectedKeys={multiple ? [] : keys}
          onSelect={(k, info) => {
            if (multiple) return;
            for (const n of info.selectedNodes) picked.current.set(String(n.key), n);
            setKeys(k.map(String));
          }}
        />
      )}
    </Modal>
  );
}
