// Home-school receipts (家校回执): signed by a linked parent in their own account, one per child and
// assignment; the class's teachers see which are signed.
import type { Db } from '../../../core/db';

/** When each student's receipt of an assignment was signed, by student id. */
export async function receiptsOf(db: Db, assignmentId: string, studentIds?: readonly string[]): Promise<Map<string, { signTime: string; parentId: string | null }>> {
  if (studentIds && !studentIds.length) return new Map();
  let q = db.selectFrom('stuAssignmentReceipt').select(['studentId', 'signTime', 'parentId']).where('assignmentId', '=', assignmentId);
  if (studentIds) q = q.where('studentId', 'in', studentIds);
  return new Map((await q.execute()).map((r) => [r.studentId, { signTime: r.signTime, parentId: r.parentId }]));
}
