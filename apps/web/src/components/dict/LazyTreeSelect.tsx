// The tree select both tree widgets share: roots on mount, children when a node opens, texts of
// existing values fetched on their own; one or several values kept as a comma-joined string.
import { useEffect, useMemo, useState } from 'react';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { joinValue, splitValue } from './commaValue';
import { SELECT_PLACEHOLDER, TREE_DROPDOWN_MAX_HEIGHT } from './messages';
import { nodeTitles, toSelectNodes, withChildren, type SelectTreeNode, type ServerTreeNode } from './treeNodes';
import { useTreeTexts } from './useTreeTexts';
import { t } from '../../lib/i18n';

export interface LazyTreeSource {
  /** Changes when the roots must be loaded again (e.g. another pcode). undefined: load nothing. */
  key: string | undefined;
  roots: () => Promise<ServerTreeNode[]>;
  children: (parent: string) => Promise<ServerTreeNode[]>;
  texts?: (ids: string[]) => Promise<string[]>;
  onError: (e: unknown) => void;
}

export interface LazyTreeSelectProps extends Omit<TreeSelectProps, 'value' | 'onChange' | 'treeData' | 'loadData' | 'multiple' | 'labelInValue'> {
  value?: string | number;
  onChange?: (value: string | undefined) => void;
  multiple?: boolean;
}

type Labeled = { value: string; label: string };

export function LazyTreeSelect({ source, value, onChange, multiple, placeholder = t(SELECT_PLACEHOLDER), allowClear = true, ...rest }: LazyTreeSelectProps & { source: LazyTreeSource }) {
  const [tree, setTree] = useState<SelectTreeNode[]>([]);
  const { key, roots, onError } = source;

  useEffect(() => {
    setTree([]);
    if (key === undefined) return;
    let alive = true;
    roots().then(
      (nodes) => alive && setTree(toSelectNodes(nodes)),
      (e: unknown) => alive && onError(e),
    );
    return () => {
      alive = false;
    };
    // the key says which roots; the loader closes over the same inputs
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const loadData: TreeSelectProps['loadData'] = async (node) => {
    const parent = String(node.value);
    try {
      const children = toSelectNodes(await source.children(parent));
      setTree((t) => withChildren(t, parent, children));
    } catch (e) {
      source.onError(e);
    }
  };

  const values = splitValue(value);
  const titles = useMemo(() => nodeTitles(tree), [tree]);
  const textOf = useTreeTexts(values, titles, source.texts);
  const labeled: Labeled[] = values.map((v) => ({ value: v, label: textOf(v) }));

  const emit = (picked: Labeled | Labeled[] | undefined | null) => {
    const list = picked ? (Array.isArray(picked) ? picked : [picked]) : [];
    const joined = joinValue(list.map((p) => p.value));
    onChange?.(joined === '' ? (multiple ? '' : undefined) : joined);
  };

  return (
    <TreeSelect
      placeholder={placeholder}
      allowClear={allowClear}
      // Not virtual: the whole loaded tree renders and the dropdown scrolls past 400 px (spec/02 §9).
      virtual={false}
      styles={{ popup: { root: { maxHeight: TREE_DROPDOWN_MAX_HEIGHT, overflow: 'auto' } } }}
      {...rest}
      labelInValue
      multiple={multiple}
      treeData={tree}
      loadData={loadData}
      treeNodeFilterProp="title"
      value={multiple ? labeled : labeled[0]}
      onChange={emit}
    />
  );
}
