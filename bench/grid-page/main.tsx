// Bench page (bench/grid.bench.ts): ?mode=grid draws the real EditableGrid, ?mode=antd antd's Table in
// virtual mode, on the same 10,000 x 20 rows. Figures are left on window.__bench for the runner.
import { Table } from 'antd';
import type { TableRef } from 'antd/es/table';
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { EditableGrid, type EditableGridHandle, type GridColumn, type GridRow } from '../../apps/web/src/components/editable-grid';
import type {} from './bench-api';
import { COLUMNS, OPTIONS, kindOf, makeRows } from './data';

window.__bench = { ready: false };

const HEIGHT = 600;
const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'grid';
const rows = makeRows();
// Every 97th row misses a required value, so validation has errors to report, as real data does.
for (let r = 0; r < rows.length; r += 97) rows[r].c0 = '';

/** The frame after the next paint: rAF runs before paint, a message posted from it runs after. */
const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => resolve(performance.now());
  ch.port2.postMessage(null);
}));

const gridColumns: GridColumn[] = Array.from({ length: COLUMNS }, (_, i) => {
  const type = kindOf(i);
  const col: GridColumn = { key: `c${i}`, title: `列${i}`, type, width: 140 };
  if (type === 'select') col.options = OPTIONS;
  if (i === 0) col.validateRules = [{ required: true }];
  if (type === 'inputNumber') col.validateRules = [{ pattern: 'n' }];
  if (i === 2) col.validateRules = [{ required: true }, { pattern: /^\S+-\d+$/, message: '格式不正确' }];
  return col;
});

const antdColumns = Array.from({ length: COLUMNS }, (_, i) => ({
  key: `c${i}`,
  dataIndex: `c${i}`,
  title: `列${i}`,
  width: 140,
  render: kindOf(i) === 'select' ? (v: string) => OPTIONS[Number(v)]?.text : undefined,
}));

const root = createRoot(document.getElementById('root')!);
const handle = createRef<EditableGridHandle>();
const tableRef = createRef<TableRef>();
const t0 = performance.now();
if (mode === 'antd') {
  root.render(<Table ref={tableRef} virtual rowKey="id" size="small" columns={antdColumns} dataSource={rows} pagination={false} scroll={{ x: COLUMNS * 140, y: HEIGHT }} />);
} else {
  // Switches for experiments: only=<type> draws every column as that type, sel=0 without the selection
  // column, tb=0 without the toolbar, overscan=<n> rows drawn beyond the visible ones.
  const only = params.get('only');
  const cols = only ? gridColumns.map((c) => ({ ...c, type: only as GridColumn['type'] })) : gridColumns;
  root.render(<EditableGrid ref={handle} columns={cols} value={rows as GridRow[]} maxHeight={HEIGHT} rowSelection={params.get('sel') === '0' ? false : 'checkbox'} toolbar={params.get('tb') !== '0'} overscan={params.has('overscan') ? Number(params.get('overscan')) : undefined} />);
}
/** First paint showing rows: wait for them in the DOM, then for the paint after. */
async function firstRowsPainted(): Promise<number> {
  while (!document.querySelector('.eg-body [role="row"], .ant-table-row')) await new Promise((r) => requestAnimationFrame(r));
  return afterPaint();
}

void firstRowsPainted().then((t) => {
  window.__bench.renderToPaint = t - t0;
  window.__bench.navigationToPaint = t;
  window.__bench.validate = async () => {
    const start = performance.now();
    let errorCount = 0;
    try {
      await handle.current!.getValues();
    } catch (err) {
      errorCount = (err as { errorCount?: number }).errorCount ?? -1;
    }
    await afterPaint(); // the messages drawn in the visible cells count too
    return { ms: performance.now() - start, errorCount };
  };
  window.__bench.scrollTo = (fraction) => {
    if (mode === 'antd') {
      // rc-virtual-list scrolls its own holder; its scrollTo clamps a top past the end.
      tableRef.current!.scrollTo({ top: Math.round(fraction * rows.length * 40) });
      return;
    }
    const el = document.querySelector<HTMLElement>('.eg-scroll')!;
    el.scrollTop = Math.round(fraction * (el.scrollHeight - el.clientHeight));
  };
  window.__bench.ready = true;
});
