// List cells showing a dictionary item's text for a stored value (several for 'a,b'); an item with a
// colour shows as a coloured tag; a value the dictionary lacks shows as it is.
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { splitValue } from './commaValue';
import { optionText, useDictOptions } from './dictOptions';

export interface DictTextProps {
  /** A dictionary code or the table form `table,textField,codeField`. */
  code: string;
  value: unknown;
}

export function DictText({ code, value }: DictTextProps) {
  const options = useDictOptions(code);
  const values = splitValue(value);
  if (values.length === 0) return null;
  const parts = values.map((v) => {
    const item = options.find((o) => String(o.value) === v);
    if (!item) return { key: v, node: v as ReactNode };
    const text = optionText(item);
    return { key: v, node: item.color ? <Tag color={item.color}>{text}</Tag> : text };
  });
  if (parts.every((p) => typeof p.node === 'string')) return <>{parts.map((p) => p.node).join(',')}</>;
  return (
    <>
      {parts.map((p) => (
        <span key={p.key}>{p.node}</span>
      ))}
    </>
  );
}

/** A column `render` for a dictionary field: `{ dataIndex: 'sex', render: renderDict('sex') }`. */
export function renderDict(code: string) {
  return function DictCell(value: unknown) {
    return <DictText code={code} value={value} />;
  };
}
