export { permissionEpoch } from '../../../core/access';

const MAX_ENTRIES = 2000;

/**
 * Serialized permission answers per user, valid while the epoch they were built at is current. Every
 * node keeps its own; none can serve a stale answer because each read checks the shared epoch first.
 */
export class PermissionAnswerCache {
  private entries = new Map<string, { epoch: number; json: string }>();

  get(userId: string, epoch: number): string | undefined {
    const hit = this.entries.get(userId);
    return hit && hit.epoch === epoch ? hit.json : undefined;
  }

  set(userId: string, epoch: number, json: string) {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(userId, { epoch, json });
  }
}
