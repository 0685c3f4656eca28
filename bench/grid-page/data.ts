// The same 10,000 x 20 rows for the editable grid and antd's virtual Table.
export const ROWS = 10_000;
export const COLUMNS = 20;

const CITIES = ['北京', '上海', '广州', '深圳', '杭州'];

export type Kind = 'input' | 'inputNumber' | 'select' | 'date';
/** Column i's kind: mostly text and numbers, some selects and dates, as business tables have. */
export const kindOf = (i: number): Kind => (['input', 'inputNumber', 'input', 'select', 'inputNumber', 'date'] as const)[i % 6];

export function makeRows(): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = new Array(ROWS);
  for (let r = 0; r < ROWS; r++) {
    const row: Record<string, unknown> = { id: `r${r}` };
    for (let c = 0; c < COLUMNS; c++) {
      const k = kindOf(c);
      row[`c${c}`] = k === 'inputNumber' ? (r * 7 + c) % 1000 : k === 'select' ? String(r % 5) : k === 'date' ? `2026-0${(r % 9) + 1}-1${r % 10}` : `${CITIES[(r + c) % 5]}${r}-${c}`;
    }
    rows[r] = row;
  }
  return rows;
}

export const OPTIONS = CITIES.map((text, i) => ({ value: String(i), text }));
