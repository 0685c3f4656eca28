// What a generated list shows in a cell: the dictionary text when there is one, a thumbnail for images,
// a download link for files, the text of rich text and markdown, else the stored value.
import type { ReactNode } from 'react';
import { Thumbnail } from '../../../components/list-page';
import { ellipsis } from '../../../components/widgets';
import { displayName, downloadStored, splitPaths } from '../../../lib/files';
import type { OnlineColumn } from './api';

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

export function onlineCell(column: OnlineColumn, row: Record<string, unknown>): ReactNode {
  const raw = row[column.dataIndex];
  const slot = column.scopedSlots?.customRender;
  if (slot === 'imgSlot') return <Thumbnail paths={typeof raw === 'string' ? raw : null} size={40} />;
  if (slot === 'fileSlot') {
    const first = splitPaths(typeof raw === 'string' ? raw : null)[0];
    return first ? <a onClick={() => void downloadStored(first)}>{displayName(first)}</a> : '';
  }
  if (slot === 'htmlSlot') return ellipsis(String(raw ?? '').replace(/<[^>]*>/g, '').replace(/[#*`>_~-]/g, '').trim(), 30);
  const text = row[`${column.dataIndex}_dictText`];
  const v = present(text) ? text : raw;
  return v === undefined || v === null ? '' : String(v);
}
