export { tableSocketRoutes, protocolToken } from './routes';
export { TableSocketHub, type PageConnection } from './hub';
