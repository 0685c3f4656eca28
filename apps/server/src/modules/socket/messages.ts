// Messages of the table live-update socket (spec/02 §4): what a page may send, checked before relaying.
import { z } from 'zod';

export const HEART_BEAT = JSON.stringify({ type: 'heart_beat' });

const updateMessage = z.object({
  type: z.literal('update_vxe_table'),
  socketKey: z.string().min(1).max(100),
  // [row, caseId]: the edited row and the page instance that made the edit.
  args: z.tuple([z.object({ id: z.union([z.string().min(1).max(64), z.number()]) }).passthrough(), z.string().max(100)]),
});
export type UpdateMessage = z.infer<typeof updateMessage>;

export type Incoming = { kind: 'heart_beat' } | { kind: 'update'; message: UpdateMessage } | { kind: 'ignore' };

/** Decides what an incoming frame is; anything unparseable, unknown or malformed is ignored. */
export function readMessage(data: string): Incoming {
  let msg: unknown;
  try {
    msg = JSON.parse(data);
  } catch {
    return { kind: 'ignore' };
  }
  if (!msg || typeof msg !== 'object') return { kind: 'ignore' };
  const type = (msg as { type?: unknown }).type;
  if (type === 'heart_beat') return { kind: 'heart_beat' };
  if (type !== 'update_vxe_table') return { kind: 'ignore' };
  const parsed = updateMessage.safeParse(msg);
  return parsed.success ? { kind: 'update', message: parsed.data } : { kind: 'ignore' };
}
