import { FORM_TENANT_COLUMN, type FormDbType } from '@anxue/shared';

// The physical shape of a form's table: one column per persisted field, plus the tenant column. Types are
// portable between SQLite and PostgreSQL; dates and times are stored as text in the platform's format
// ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'HH:mm:ss'), like every other table of ours.

export type ColumnKind = 'varchar' | 'integer' | 'bigint' | 'double' | 'numeric' | 'text' | 'other';

export interface ColumnShape {
  kind: ColumnKind;
  /** varchar: characters; numeric: precision. */
  length?: number;
  /** numeric: scale. */
  scale?: number;
}

export interface ColumnSpec extends ColumnShape {
  name: string;
  notNull: boolean;
  primaryKey: boolean;
  /** The default as stored in DDL: a number for numeric kinds, text otherwise; null for none. */
  defaultValue: string | number | null;
  /** The column's name in the table before a rename not yet synced. */
  renamedFrom?: string;
  /** The field's label, for messages. */
  label: string;
}

/** A column as the database describes it. */
export interface ActualColumn extends ColumnShape {
  name: string;
  notNull: boolean;
  primaryKey: boolean;
  /** The default, unquoted; null for none. */
  defaultValue: string | null;
}

export interface FieldForSync {
  dbFieldName: string;
  dbFieldTxt: string | null;
  dbFieldNameOld: string | null;
  dbIsKey: number | null;
  dbIsNull: number | null;
  dbIsPersist: number | null;
  dbType: string;
  dbLength: number;
  dbPointLength: number | null;
  dbDefaultVal: string | null;
}

export const MAX_VARCHAR = 4000;
const NUMERIC_KINDS: ReadonlySet<ColumnKind> = new Set(['integer', 'bigint', 'double', 'numeric']);

export function isNumericKind(kind: ColumnKind): boolean {
  return NUMERIC_KINDS.has(kind);
}

/** The column shape of a field's database type and length. */
export function shapeOf(dbType: FormDbType | string, length: number, point: number | null): ColumnShape {
  switch (dbType) {
    case 'string':
      return { kind: 'varchar', length: length > 0 ? length : 32 };
    case 'int':
      return { kind: 'integer' };
    case 'long':
      return { kind: 'bigint' };
    case 'double':
      return { kind: 'double' };
    case 'BigDecimal': {
      const precision = Math.min(Math.max(length > 0 ? length : 10, 1), 38);
      return { kind: 'numeric', length: precision, scale: Math.min(Math.max(point ?? 0, 0), precision) };
    }
    case 'Date':
      return { kind: 'varchar', length: 10 };
    case 'Datetime':
      return { kind: 'varchar', length: 19 };
    case 'Time':
      return { kind: 'varchar', length: 8 };
    default: // Text, LongText, Blob
      return { kind: 'text' };
  }
}

/** The SQL type of a column shape, the same text on both databases. */
export function sqlTypeOf(shape: ColumnShape): string {
  switch (shape.kind) {
    case 'varchar':
      return `varchar(${shape.length})`;
    case 'numeric':
      return `numeric(${shape.length},${shape.scale ?? 0})`;
    case 'double':
      return 'double precision';
    case 'other':
      return 'text';
    default:
      return shape.kind;
  }
}

export function describeShape(shape: ColumnShape): string {
  return sqlTypeOf(shape);
}

/** The columns a form's table must have, in field order, the tenant column last. */
export function desiredColumns(fields: FieldForSync[]): ColumnSpec[] {
  const cols: ColumnSpec[] = [];
  for (const f of fields) {
    if (f.dbIsPersist === 0) continue;
    const shape = shapeOf(f.dbType, f.dbLength, f.dbPointLength);
    const primaryKey = f.dbFieldName === 'id';
    const raw = f.dbDefaultVal?.trim();
    const defaultValue = primaryKey || raw === undefined || raw === '' ? null : isNumericKind(shape.kind) ? Number(raw) : raw;
    cols.push({
      ...shape,
      name: f.dbFieldName,
      label: f.dbFieldTxt || f.dbFieldName,
      notNull: primaryKey || f.dbIsNull === 0,
      primaryKey,
      defaultValue,
      ...(f.dbFieldNameOld && f.dbFieldNameOld !== f.dbFieldName ? { renamedFrom: f.dbFieldNameOld } : {}),
    });
  }
  cols.push({ name: FORM_TENANT_COLUMN, label: '租户', kind: 'integer', notNull: true, primaryKey: false, defaultValue: 0 });
  return cols;
}

/**
 * How the data of a column fares when its shape changes from `from` to `to`:
 * - same: nothing to do
 * - widen: every value fits (kept)
 * - narrow: values are cut or converted (text cut to the new length, numbers cast): data may be lost
 * - incompatible: values cannot be converted and are cleared
 */
export type ShapeChange = 'same' | 'widen' | 'narrow' | 'incompatible';

const TEXT_WIDTH_OF_NUMBER: Partial<Record<ColumnKind, number>> = { integer: 11, bigint: 20, double: 24 };

export function classifyChange(from: ColumnShape, to: ColumnShape): ShapeChange {
  if (from.kind === to.kind) {
    if (from.kind === 'varchar') return to.length === from.length ? 'same' : (to.length ?? 0) > (from.length ?? 0) ? 'widen' : 'narrow';
    if (from.kind === 'numeric') {
      if (to.length === from.length && (to.scale ?? 0) === (from.scale ?? 0)) return 'same';
      const fs = from.scale ?? 0;
      const ts = to.scale ?? 0;
      return ts >= fs && (to.length ?? 0) - ts >= (from.length ?? 0) - fs ? 'widen' : 'narrow';
    }
    return from.kind === 'other' ? 'incompatible' : 'same';
  }
  if (from.kind === 'other') return 'incompatible';
  if (from.kind === 'varchar' && to.kind === 'text') return 'widen';
  if (from.kind === 'text' && to.kind === 'varchar') return 'narrow';
  if (isNumericKind(from.kind)) {
    if (to.kind === 'text') return 'widen';
    if (to.kind === 'varchar') {
      const need = from.kind === 'numeric' ? (from.length ?? 10) + 2 : (TEXT_WIDTH_OF_NUMBER[from.kind] ?? 24);
      return (to.length ?? 0) >= need ? 'widen' : 'narrow';
    }
    if (from.kind === 'integer' && (to.kind === 'bigint' || to.kind === 'double')) return 'widen';
    if (from.kind === 'bigint' && to.kind === 'double') return 'widen';
    if (to.kind === 'numeric') {
      const room = (to.length ?? 0) - (to.scale ?? 0);
      if (from.kind === 'integer' && room >= 10) return 'widen';
      if (from.kind === 'bigint' && room >= 19) return 'widen';
    }
    if (from.kind === 'numeric' && (from.scale ?? 0) === 0) {
      if (to.kind === 'bigint' && (from.length ?? 0) <= 18) return 'widen';
      if (to.kind === 'integer' && (from.length ?? 0) <= 9) return 'widen';
    }
    return 'narrow';
  }
  // text to a number: the values cannot be carried over reliably
  return 'incompatible';
}
