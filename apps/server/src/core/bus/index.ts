export { createBus, InProcessBus, RedisBus, type BusHandler, type MessageBus } from './bus';
