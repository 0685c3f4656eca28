// A session's state, kept current by the notification socket's pushes (cmd "live"), with polling every few
// seconds while the socket is down and a slow poll while it is up (a push lost on the way costs little).
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LivePushFrame, LiveState } from '@anxue/shared/live';
import { connectNoticeSocket } from '../../../../lib/noticeSocket';
import { appConfig } from '../../../../lib/runtimeConfig';
import { useSession } from '../../../../lib/session/store';
import { liveApi } from './api';

const POLL_DOWN_MS = 3000;
const POLL_UP_MS = 15_000;
/** Reconnect soon: a class is waiting (the notice bell's 20 s is for a quieter page). */
const SOCKET_TIMINGS = { reconnectMs: 2000, maxErrors: 1000 };

export const liveStateKey = (id: string) => ['live', 'state', id];

export function useLiveSession(id: string) {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.info?.id);
  const [socketUp, setSocketUp] = useState(false);
  const query = useQuery({
    queryKey: liveStateKey(id),
    queryFn: () => liveApi.state(id),
    refetchInterval: (q) => (q.state.data?.phase === 'ended' ? false : socketUp ? POLL_UP_MS : POLL_DOWN_MS),
  });
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!token || !userId || typeof WebSocket === 'undefined') return;
    const refresh = () => {
      // a burst of pushes (a class answering in the same second) is read once
      if (pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = undefined;
        void client.invalidateQueries({ queryKey: liveStateKey(id) });
      }, 150);
    };
    const stop = connectNoticeSocket({
      url: appConfig().apiBase,
      // a socket of its own beside the bell's (the server takes <userId>_<anything>)
      userId: `${userId}_live`,
      token,
      onNotice: () => {},
      onState: setSocketUp,
      timings: SOCKET_TIMINGS,
      onFrame: (raw) => {
        const frame = raw as unknown as LivePushFrame;
        if (frame.cmd !== 'live' || frame.sessionId !== id) return;
        if (frame.event === 'answered' || frame.event === 'joined') {
          // the count arrives with the push: shown at once, never lowered by an older one
          client.setQueryData<LiveState>(liveStateKey(id), (s) => {
            if (!s) return s;
            if (frame.event === 'joined') return { ...s, joined: Math.max(s.joined ?? 0, frame.joined ?? 0) };
            return frame.index === s.index ? { ...s, answered: Math.max(s.answered ?? 0, frame.answered ?? 0) } : s;
          });
        }
        refresh();
      },
    });
    return () => {
      clearTimeout(pending.current);
      pending.current = undefined;
      stop();
    };
  }, [token, userId, id, client]);

  return { query, socketUp };
}

/** Milliseconds left, counted by this device's clock from what the server said (re-synced on every read). */
export function useRemaining(state: LiveState | undefined, dataUpdatedAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  const remaining = state?.remainingMs ?? null;
  useEffect(() => {
    if (remaining === null || remaining <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, [remaining, dataUpdatedAt]);
  if (remaining === null) return null;
  return Math.max(0, remaining - (now - dataUpdatedAt));
}
