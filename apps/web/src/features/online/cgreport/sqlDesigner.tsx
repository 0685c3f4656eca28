// What the two SQL designers (Online报表's CgreportEditor and Online图表's GraphreportEditor) share: a
// head form around one SELECT, SQL解析 filling a column grid and a parameter grid, and one save that sends
// the head with both grids. Each editor keeps its own fields, columns and body shape.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Form, Input, Tabs, Typography, type FormInstance } from 'antd';
import type { ParsedReportSql } from '@anxue/shared/online-report';
import { EditableGrid, type EditableGridHandle, type GridColumn, type GridRow } from '../../../components/editable-grid';
import { message } from '../../../lib/antd/static';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';

/** A report or chart code: a letter first, then letters, digits, underscores and dashes. */
export const DESIGNER_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

type Row = Record<string, unknown>;
type Option = { value: string; label: string };

let tmp = 0;
const withIds = <T extends object>(rows: T[]): GridRow[] => rows.map((r) => ({ ...r, id: `__tmp_${++tmp}` }) as GridRow);
const withoutIds = (rows: GridRow[]): Row[] => rows.map(({ id: _id, ...rest }) => rest);
const numbered = (rows: GridRow[]): Row[] => withoutIds(rows).map((r, i) => ({ ...r, orderNum: i + 1 }));

/**
 * Rows already edited are kept for the names the SQL still has. `kept-first` puts them first and the new
 * names after (the report's getTabData); `sql-order` follows the SQL's order (the chart's getTableData).
 */
export function mergeParsed(old: Row[], fresh: Row[], key: string, order: 'kept-first' | 'sql-order'): GridRow[] {
  const keptFor = (f: Row) => old.find((o) => o[key] === f[key]);
  if (order === 'sql-order') return withIds(fresh.map((f) => { const k = keptFor(f); return k ? withoutIds([k as GridRow])[0]! : f; }));
  const kept = withoutIds(fresh.map(keptFor).filter(Boolean) as GridRow[]);
  const added = fresh.filter((f) => !keptFor(f));
  let last = Math.max(0, ...kept.map((k) => Number(k.orderNum) || 0));
  return withIds([...kept, ...added.map((a) => ({ ...a, orderNum: ++last }))]);
}

export interface SqlDesignerOptions {
  form: FormInstance;
  /** undefined: closed; without id: a new one; with id: the stored one. */
  record: { id?: string } | undefined;
  /** Fills the head form when a record opens. */
  fillForm(record: { id?: string }): void;
  loadItems(id: string): Promise<Row[] | undefined>;
  loadParams(id: string): Promise<Row[] | undefined>;
  dataSourcesUrl: string;
  parseSql(sql: string, dbSource: string | undefined): Promise<ParsedReportSql>;
  /** How a parsed column becomes a row of the column grid. */
  toItem?(field: ParsedReportSql['fields'][number]): Row;
  mergeOrder: 'kept-first' | 'sql-order';
  /** The request body from the head's values and the numbered rows of both grids. */
  body(head: Record<string, unknown>, items: Row[], params: Row[]): object;
  save: { add: string; edit: string };
  onSaved(): void;
  onClose(): void;
}

export function useSqlDesigner(o: SqlDesignerOptions) {
  const [items, setItems] = useState<GridRow[]>([]);
  const [params, setParams] = useState<GridRow[]>([]);
  const [sources, setSources] = useState<Option[]>([]);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState('items');
  const itemGrid = useRef<EditableGridHandle>(null);
  const paramGrid = useRef<EditableGridHandle>(null);
  const latest = useRef(o);
  latest.current = o;

  useEffect(() => {
    const { record, form, fillForm, loadItems, loadParams, dataSourcesUrl } = latest.current;
    if (!record) return;
    form.resetFields();
    fillForm(record);
    setTab('items');
    setItems([]);
    setParams([]);
    if (record.id) {
      void loadItems(record.id).then((rows) => setItems(withIds(rows ?? [])), () => undefined);
      void loadParams(record.id).then((rows) => setParams(withIds(rows ?? [])), () => undefined);
    }
    void http.get<Option[]>(dataSourcesUrl, undefined, { silent: true }).then(
      (rows) => setSources(rows ?? []),
      () => setSources([]),
    );
  }, [o.record]);

  const fieldOptions = useMemo(
    () => items.filter((i) => i.fieldName).map((i) => ({ value: String(i.fieldName), label: `${String(i.fieldTxt || i.fieldName)}（${String(i.fieldName)}）` })),
    [items],
  );

  /** SQL解析: the server reads the SELECT; the grids keep what was edited for names it still has. */
  const parse = async () => {
    let values: { cgrSql: string; dbSource?: string };
    try {
      values = await o.form.validateFields(['cgrSql', 'dbSource']);
    } catch {
      return;
    }
    setBusy(true);
    try {
      const parsed = await o.parseSql(values.cgrSql, values.dbSource || undefined);
      const fresh = parsed.fields.map((f) => (o.toItem ? o.toItem(f) : { ...f }));
      setItems(mergeParsed(itemGrid.current?.getAll() ?? items, fresh, 'fieldName', o.mergeOrder));
      setParams(mergeParsed(paramGrid.current?.getAll() ?? params, parsed.params as unknown as Row[], 'paramName', o.mergeOrder));
      void message.success(t('解析成功'));
    } catch {
      // the client showed the server's reason
    } finally {
      setBusy(false);
    }
  };

  /** Checks the head and both grids (showing the tab with a problem), then adds or edits. */
  const save = async () => {
    let head: Record<string, unknown>;
    try {
      head = await o.form.validateFields();
    } catch {
      return;
    }
    const itemValues = itemGrid.current ? await itemGrid.current.getValues() : { errorCount: 0, values: items };
    if (itemValues.errorCount) return setTab('items');
    const paramValues = paramGrid.current ? await paramGrid.current.getValues() : { errorCount: 0, values: params };
    if (paramValues.errorCount) return setTab('params');
    const body = o.body(head, numbered(itemValues.values), numbered(paramValues.values));
    setBusy(true);
    try {
      const res = o.record?.id ? await http.raw.put(o.save.edit, body) : await http.raw.post(o.save.add, body);
      void message.success(res.message || t('保存成功'));
      o.onSaved();
      o.onClose();
    } catch {
      // the client showed the server's reason
    } finally {
      setBusy(false);
    }
  };

  return { items, setItems, params, setParams, sources, busy, tab, setTab, itemGrid, paramGrid, fieldOptions, parse, save };
}

export type SqlDesigner = ReturnType<typeof useSqlDesigner>;

/** The SELECT, its hint, and the SQL解析 button under it. */
export function SqlInput({ designer, label, required, hint, rows }: { designer: SqlDesigner; label: string; required: string; hint: string; rows: number }) {
  return (
    <>
      <Form.Item label={label} name="cgrSql" rules={[{ required: true, message: required }]} extra={<Typography.Text type="secondary">{hint}</Typography.Text>}>
        <Input.TextArea aria-label={label} rows={rows} spellCheck={false} style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }} />
      </Form.Item>
      <Button type="primary" onClick={() => void designer.parse()} loading={designer.busy} style={{ marginBottom: 12 }}>
        {t('SQL解析')}
      </Button>
    </>
  );
}

/** The column grid and the parameter grid in tabs, and any further tabs of the editor. */
export function DesignerTabs({
  designer,
  labels,
  itemColumns,
  paramColumns,
  more = [],
}: {
  designer: SqlDesigner;
  labels: { items: string; params: string };
  itemColumns: GridColumn[];
  paramColumns: GridColumn[];
  more?: { key: string; label: string; children: ReactNode }[];
}) {
  const d = designer;
  return (
    <Tabs
      activeKey={d.tab}
      onChange={d.setTab}
      items={[
        { key: 'items', label: labels.items, forceRender: true, children: <EditableGrid ref={d.itemGrid} columns={itemColumns} value={d.items} onChange={d.setItems} rowSelection="checkbox" dragSort maxHeight={360} /> },
        { key: 'params', label: labels.params, forceRender: true, children: <EditableGrid ref={d.paramGrid} columns={paramColumns} value={d.params} onChange={d.setParams} rowSelection="checkbox" maxHeight={260} /> },
        ...more.map((m) => ({ ...m, forceRender: true })),
      ]}
    />
  );
}
