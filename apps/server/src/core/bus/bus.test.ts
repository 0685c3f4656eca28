import { afterAll, describe, expect, it } from 'vitest';
import { InProcessBus, RedisBus, type MessageBus } from './bus';

// The same behaviour from both buses; the Redis one runs when TEST_REDIS_URL names a server.
const redisUrl = process.env.TEST_REDIS_URL;

function collector() {
  const got: string[] = [];
  const waiters: Array<() => void> = [];
  return {
    got,
    handler: (m: string) => {
      got.push(m);
      waiters.splice(0).forEach((w) => w());
    },
    /** Resolves once `n` messages have arrived (fails the test after 2 s). */
    until: (n: number) =>
      new Promise<void>((ok, fail) => {
        if (got.length >= n) return ok();
        const timer = setTimeout(() => fail(new Error(`only ${got.length} of ${n} messages`)), 2000);
        const check = () => (got.length >= n ? (clearTimeout(timer), ok()) : waiters.push(check));
        waiters.push(check);
      }),
  };
}
const settle = () => new Promise((r) => setTimeout(r, 100));

function busContract(name: string, make: () => MessageBus, second: (() => MessageBus) | null) {
  describe(name, () => {
    const opened: MessageBus[] = [];
    const open = (f: () => MessageBus) => {
      const b = f();
      opened.push(b);
      return b;
    };
    afterAll(async () => {
      for (const b of opened) await b.close();
    });

    it('delivers to every subscriber of the channel and to no other channel', async () => {
      const bus = open(make);
      const a = collector();
      const b = collector();
      const other = collector();
      await bus.subscribe('notice', a.handler);
      await bus.subscribe('notice', b.handler);
      await bus.subscribe('other', other.handler);
      await bus.publish('notice', '{"n":1}');
      await a.until(1);
      await b.until(1);
      await settle();
      expect(a.got).toEqual(['{"n":1}']);
      expect(b.got).toEqual(['{"n":1}']);
      expect(other.got).toEqual([]);
    });

    it('stops delivering after unsubscribe, leaving the other subscribers', async () => {
      const bus = open(make);
      const a = collector();
      const b = collector();
      const offA = await bus.subscribe('ch2', a.handler);
      await bus.subscribe('ch2', b.handler);
      await offA();
      await bus.publish('ch2', 'x');
      await b.until(1);
      await settle();
      expect(a.got).toEqual([]);
    });

    if (second) {
      it('reaches subscribers of another node', async () => {
        const nodeA = open(make);
        const nodeB = open(second);
        const onB = collector();
        await nodeB.subscribe('nodes', onB.handler);
        await nodeA.publish('nodes', 'from A');
        await onB.until(1);
        expect(onB.got).toEqual(['from A']);
      });
    }
  });
}

busContract('in-process bus', () => new InProcessBus(), null);
describe.skipIf(!redisUrl)('with TEST_REDIS_URL', () => {
  busContract('redis bus', () => new RedisBus(redisUrl!), () => new RedisBus(redisUrl!));
});
