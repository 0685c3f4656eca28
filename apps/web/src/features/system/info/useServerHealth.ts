import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** GET /api/health: whatever the server reports about itself (an envelope's result or a plain body). */
export function useServerHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: async () => {
      const body = (await http.raw.get<Record<string, unknown>>('/health', undefined, { silent: true })) as unknown as Record<string, unknown>;
      const result = body && typeof body === 'object' && 'result' in body ? body.result : body;
      return (result ?? {}) as Record<string, unknown>;
    },
    retry: false,
  });
}
