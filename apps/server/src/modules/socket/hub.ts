// The open table pages: who is connected, and relaying an edit to the other pages of the same tenant.
import type { WebSocket } from 'ws';
import { revocationEnds, type Revocation } from '../../core/auth';

export interface PageConnection {
  socket: WebSocket;
  userId: string;
  /** The session (token) that opened the page. */
  jti: string;
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

  /** Closes the pages of the sessions a revocation ended (4401), forgetting them at once; answers how many. */
  end(r: Revocation): number {
    let closed = 0;
    for (const p of [...this.pages]) {
      if (!revocationEnds(r, p)) continue;
      this.pages.delete(p);
      p.socket.close(4401, 'session ended');
      closed++;
    }
    return closed;
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
