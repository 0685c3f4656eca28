// 省市区 selector: a cascader or three selects; the value is the deepest code chosen (district, city
// or province), as a form widget.
import { useEffect } from 'react';
import { Cascader, Select, Space } from 'antd';
import { singleValue } from './commaValue';
import { AREA_ROOT, useAreaIndex, type AreaIndex } from './areaData';
import { BAD_AREA_TYPE, SELECT_PLACEHOLDER } from './messages';
import { t } from '../../lib/i18n';

export interface AreaSelectorProps {
  type?: 'cascader' | 'select' | string;
  value?: string | number;
  onChange?: (code: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: React.CSSProperties;
}

export function AreaSelector({ type = 'cascader', ...props }: AreaSelectorProps) {
  const valid = type === 'cascader' || type === 'select';
  useEffect(() => {
    if (!valid) console.error(BAD_AREA_TYPE);
  }, [valid]);
  const index = useAreaIndex();
  if (!valid) return null;
  return type === 'cascader' ? <AreaCascader index={index} {...props} /> : <AreaSelects index={index} {...props} />;
}

type Inner = Omit<AreaSelectorProps, 'type'> & { index: AreaIndex | undefined };

function AreaCascader({ index, value, onChange, placeholder = t(SELECT_PLACEHOLDER), disabled, allowClear = true, style }: Inner) {
  const path = index?.pathOf(singleValue(value)) ?? [];
  return (
    <Cascader
      options={index?.tree ?? []}
      value={path}
      onChange={(p) => onChange?.(p?.length ? String(p[p.length - 1]) : undefined)}
      changeOnSelect
      showSearch={{ filter: (input, nodes) => nodes.some((n) => String(n.label).includes(input)) }}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      style={{ width: '100%', ...style }}
    />
  );
}

const LEVELS = [
  { label: '省', placeholder: '请选择省' },
  { label: '市', placeholder: '请选择市' },
  { label: '区', placeholder: '请选择区' },
];

function AreaSelects({ index, value, onChange, disabled, allowClear = true, style }: Inner) {
  const path = index?.pathOf(singleValue(value)) ?? [];
  return (
    <Space.Compact style={{ width: '100%', ...style }}>
      {LEVELS.map((level, depth) => {
        const parent = depth === 0 ? AREA_ROOT : path[depth - 1];
        const options = parent && index ? index.childrenOf(parent) : [];
        return (
          <Select
            key={level.label}
            aria-label={t(level.label)}
            style={{ flex: 1, minWidth: 0 }}
            placeholder={t(level.placeholder)}
            options={options}
            value={path[depth]}
            disabled={disabled || (depth > 0 && !path[depth - 1])}
            allowClear={allowClear}
            showSearch
            optionFilterProp="label"
            // Choosing a level drops the levels below it; clearing one falls back to its parent.
            onChange={(code: string | undefined) => onChange?.(code ?? (depth > 0 ? path[depth - 1] : undefined))}
          />
        );
      })}
    </Space.Compact>
  );
}
