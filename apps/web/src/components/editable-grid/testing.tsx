// Test helpers: render a grid and keep its handle.
import { render, type RenderOptions } from '@testing-library/react';
import { createRef } from 'react';
import { EditableGrid, type EditableGridProps } from './EditableGrid';
import type { EditableGridHandle, GridRow } from './types';

/** `options.wrapper` gives cells that need providers (the pickers' query client) what the app gives them. */
export function renderGrid(props: Omit<EditableGridProps, 'ref'>, options?: Pick<RenderOptions, 'wrapper'>) {
  const ref = createRef<EditableGridHandle>();
  const changes: GridRow[][] = [];
  const view = render(
    <EditableGrid
      {...props}
      ref={ref}
      onChange={(rows) => {
        changes.push(rows);
        props.onChange?.(rows);
      }}
    />,
    options,
  );
  const grid = () => ref.current!;
  return { ...view, ref, grid, changes };
}

/** Body rows as drawn (the header row excluded). */
export function bodyRows(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('.eg-body [role="row"]')];
}

export function cellOf(container: HTMLElement, rowIndex: number, key: string): HTMLElement {
  const row = bodyRows(container)[rowIndex];
  if (!row) throw new Error(`no row ${rowIndex}`);
  const cell = row.querySelector<HTMLElement>(`[role="cell"][data-key="${key}"]`);
  if (!cell) throw new Error(`no cell ${key} in row ${rowIndex}`);
  return cell;
}
