import { describe, expect, it } from 'vitest';
import { FairLane } from './lane.js';

/** A task the test finishes by hand, recording when it started. */
function manual(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((r) => {
    finish = r;
  });
  return {
    run: () => {
      log.push(`start ${name}`);
      return done.then(() => name);
    },
    finish: () => finish(),
  };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the fair lane in front of a worker pool', () => {
  it('starts a task only when a slot is free, so a time limit set at start counts running time only', async () => {
    const lane = new FairLane({ name: ['task', 'tasks'], concurrency: 1, maxQueued: 10, maxPerUser: 10 });
    const log: string[] = [];
    const a = manual(log, 'a');
    const b = manual(log, 'b');
    const pa = lane.run('u', a.run);
    const pb = lane.run('v', b.run);
    await tick();
    expect(log).toEqual(['start a']);
    a.finish();
    await pa;
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    await pb;
  });

  it('serves users in turn, and lets one user run one task while another uses the other thread', async () => {
    const lane = new FairLane({
      name: ['task', 'tasks'],
      concurrency: 2,
      maxQueued: 10,
      maxPerUser: 10,
      maxRunningPerUser: 1,
    });
    const log: string[] = [];
    const a1 = manual(log, 'a1');
    const a2 = manual(log, 'a2');
    const a3 = manual(log, 'a3');
    const b1 = manual(log, 'b1');
    const all = [lane.run('a', a1.run), lane.run('a', a2.run), lane.run('a', a3.run)];
    await tick();
    // The second thread is free, but user a may run one task at a time.
    expect(log).toEqual(['start a1']);
    all.push(lane.run('b', b1.run));
    await tick();
    expect(log).toEqual(['start a1', 'start b1']);
    a1.finish();
    await tick();
    expect(log.at(-1)).toBe('start a2');
    b1.finish();
    a2.finish();
    await tick();
    a3.finish();
    await Promise.all(all);
    expect(log).toEqual(['start a1', 'start b1', 'start a2', 'start a3']);
  });

  it('refuses a user over their tasks in flight (429) and a full queue (503), with Retry-After', async () => {
    const lane = new FairLane({
      name: ['model analysis', 'model analyses'],
      concurrency: 1,
      maxQueued: 2,
      maxPerUser: 2,
      retryAfterS: 3,
    });
    const log: string[] = [];
    const tasks = Array.from({ length: 4 }, (_, i) => manual(log, `t${i}`));
    const p0 = lane.run('a', tasks[0]!.run);
    const p1 = lane.run('a', tasks[1]!.run);
    await expect(lane.run('a', tasks[2]!.run)).rejects.toMatchObject({
      statusCode: 429,
      retryAfterS: 3,
      message: 'You already have 2 model analyses in progress. Please wait for them to finish.',
    });
    const p2 = lane.run('b', tasks[2]!.run);
    await expect(lane.run('c', tasks[3]!.run)).rejects.toMatchObject({ statusCode: 503, retryAfterS: 3 });
    for (const t of tasks) t.finish();
    await Promise.all([p0, p1, p2]);
  });
});
