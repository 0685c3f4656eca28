// 路由网关 (issue 14): the original client's /sys/gatewayRoute calls. This server forwards by itself:
// an enabled route answers at <apiBase>/gateway/<routerId>/… (docs/compatibility.md).
import { appConfig } from '../../../lib/runtimeConfig';

export const GATEWAY_PERMISSION = 'system:gateway';
export const GATEWAY_API = {
  list: '/sys/gatewayRoute/list',
  delete: '/sys/gatewayRoute/delete',
  /** add and edit alike: { router: {...} } */
  save: '/sys/gatewayRoute/updateAll',
  copy: '/sys/gatewayRoute/copyRoute',
  recycleBin: '/sys/gatewayRoute/deleteList',
  restore: '/sys/gatewayRoute/putRecycleBin',
  purge: '/sys/gatewayRoute/deleteRecycleBin',
} as const;

export interface GatewayRoute {
  id: string;
  routerId: string;
  name: string;
  uri: string;
  /** Stored and shown; this server does not interpret them. */
  predicates: unknown[];
  filters: unknown[];
  /** 1 enabled, 0 disabled */
  status: number;
  createBy?: string | null;
  createTime?: string | null;
}

/** Where the route answers (any path below it is forwarded to the route's URI). */
export const forwardingAddress = (routerId: string) => `${appConfig().apiBase}/gateway/${routerId}/…`;

/** The route as updateAll takes it. */
export const routeBody = (route: Partial<GatewayRoute>) => ({
  router: { id: route.id, routerId: route.routerId, name: route.name, uri: route.uri, status: route.status ?? 1, predicates: route.predicates ?? [], filters: route.filters ?? [] },
});
