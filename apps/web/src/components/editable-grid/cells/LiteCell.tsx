// The stand-in of an editor cell in a row drawn during a fast scroll: the value as text in a box that
// looks like the editor. Native inputs and antd controls cost several times more to create than text,
// and a fast scroll creates a screenful of rows per frame; the real cells replace these once the
// scrolling stops (GridRowView).
import { memo } from 'react';
import { checkboxValues } from '../rules';
import type { ColumnType } from '../types';
import { optionText, textOf, type CellProps } from './cellTypes';
import { splitMulti } from './SelectCell';

/** Column types drawn as text while scrolling; the others are cheap enough to draw for real. */
export const LITE_TYPES: ReadonlySet<ColumnType> = new Set<ColumnType>([
  'input', 'tags', 'inputNumber', 'textarea', 'input_pop', 'select', 'list_multi', 'sel_search', 'sel_search_async',
  'select-search', 'select-multiple', 'sel_user', 'sel_depart', 'date', 'datetime', 'time', 'popup', 'radio',
  'checkbox', 'row-checkbox', 'row-radio',
]);
const CHOICE_TYPES: ReadonlySet<ColumnType> = new Set<ColumnType>([
  'select', 'list_multi', 'sel_search', 'select-search', 'select-multiple', 'radio',
]);

export const LiteCell = memo(function LiteCell({ column, value, selected, ctx }: CellProps) {
  if (column.type === 'checkbox' || column.type === 'row-checkbox' || column.type === 'row-radio') {
    const on = column.type === 'checkbox' ? value === checkboxValues(column)[0] : !!selected;
    return <span className={`eg-lite-check${on ? ' eg-lite-on' : ''}${column.type === 'row-radio' ? ' eg-lite-radio' : ''}`} />;
  }
  let text = textOf(value);
  if (text && CHOICE_TYPES.has(column.type)) {
    const options = ctx.optionsFor(column);
    text = splitMulti(value)
      .map((v) => {
        const o = options.find((x) => String(x.value) === v);
        return o ? optionText(o) : v;
      })
      .join(',');
  }
  return (
    <div className="eg-input eg-lite" title={text}>
      {text}
    </div>
  );
});
