// The open table pages: who is connected, and relaying an edit to the other pages of the same tenant.
import type { WebSocket } from 'ws';

export interface PageConnection {
  socket: WebSocket;
  userId: string;
  pageId: string;
  tenantId: number;
}

/** One page may not hold more connections than this per user (each browser tab opens one per grid). */
export const MAX_PAGES_PER_USER = 50;

export class TableSocketHub {
  private readonly pages = new Set<PageConnection>();

  add(page: PageConnection): boolean {
    let mine = 0;
    for (const p of this.pages) if (p.userId === page.userId) mine++;
    if (mine >= MAX_PAGES_PER_USER) return false;
    this.pages.add(page);
    return true;
  }

  remove(page: PageConnection): void {
    this.pages.delete(page);
  }

  size(): number {
    return this.pages.size;
  }

  /** Sends to every open page of the sender's tenant except the sender's own page id. */
  relay(from: PageConnection, data: string): number {
    let sent = 0;
    for (const p of this.pages) {
      if (p.pageId === from.pageId || p.tenantId !== from.tenantId) continue;
      if (p.socket.readyState !== p.socket.OPEN) continue;
      p.socket.send(data);
      sent++;
    }
    return sent;
  }
}
