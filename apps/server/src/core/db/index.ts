export { connectDatabase, dialectOf, isMysqlUrl, type Db, type DbHandle, type DialectName, type ConnectOptions } from './connect';
export { migrateToLatest } from './migrate';
export { isUniqueViolation } from './errors';
export { compactTextIndex } from './textIndex';
export { holdSqliteWrites } from './sqliteWrites';
export { inLockedTransaction } from './locks';
export { seedDatabase, type SeedResult } from './seed';
export { formatDateTime, newId, randomHex, seedId, systemClock, type Clock } from './time';
export type * from './schema';
