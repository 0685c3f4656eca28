// Text-like cells as lightweight native inputs styled like antd: input, tags, inputNumber, textarea.
import { Input, Popover } from 'antd';
import { memo, useState } from 'react';
import { acceptNumberTyping, formatTags, numberOnBlur } from '../rules';
import { textOf, type CellProps } from './cellTypes';
import { t } from '../../../lib/i18n';

export const InputCell = memo(function InputCell({ column, rowId, value, disabled, ctx }: CellProps) {
  const { controller } = ctx;
  return (
    <input
      className="eg-input"
      aria-label={column.title}
      value={textOf(value)}
      placeholder={column.placeholder ?? (disabled ? '' : t('请输入{label}', { label: column.title }))}
      disabled={disabled}
      onChange={(e) => {
        const text = column.type === 'tags' ? formatTags(e.target.value) : e.target.value;
        controller.setValue(rowId, column.key, text, 'input');
      }}
      onBlur={() => controller.validateLater(rowId, column.key)}
    />
  );
});

export const NumberCell = memo(function NumberCell({ column, rowId, value, disabled, ctx }: CellProps) {
  const { controller } = ctx;
  const text = textOf(value);
  return (
    <input
      className="eg-input eg-number"
      aria-label={column.title}
      inputMode="decimal"
      value={text}
      placeholder={column.placeholder ?? (disabled ? '' : t('请输入{label}', { label: column.title }))}
      disabled={disabled}
      onChange={(e) => {
        const next = acceptNumberTyping(text, e.target.value);
        // A refused keystroke leaves the stored text as is; React puts it back into the input.
        if (next !== text) controller.setValue(rowId, column.key, next, 'input');
        else e.target.value = text;
      }}
      onBlur={() => controller.setValue(rowId, column.key, numberOnBlur(text), 'blur')}
    />
  );
});

/** Pop-up editor of 300 x 210 (spec/02 §9) over a one-line preview. */
export const TextareaCell = memo(function TextareaCell({ column, rowId, value, disabled, ctx }: CellProps) {
  const [open, setOpen] = useState(false);
  const { controller } = ctx;
  const text = textOf(value);
  const close = () => {
    setOpen(false);
    controller.validateLater(rowId, column.key);
  };
  return (
    <Popover
      open={open && !disabled}
      trigger="click"
      onOpenChange={(o) => (o ? setOpen(true) : close())}
      destroyOnHidden
      content={
        <Input.TextArea
          aria-label={t('{title}编辑', { title: column.title })}
          autoFocus
          style={{ width: 300, height: 210, resize: 'none' }}
          value={text}
          onChange={(e) => controller.setValue(rowId, column.key, e.target.value, 'input')}
          onBlur={close}
        />
      }
    >
      {/* named by its column, showing its value; it opens an editor */}
      <button type="button" className="eg-input eg-text" role="combobox" aria-expanded={open} aria-haspopup="dialog" aria-label={column.title} disabled={disabled} title={text}>
        {text || <span className="eg-placeholder">{column.placeholder ?? t('请输入{label}', { label: column.title })}</span>}
      </button>
    </Popover>
  );
});
