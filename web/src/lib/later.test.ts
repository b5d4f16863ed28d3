import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps whether the first view has settled: a fresh copy per test.
async function freshLater() {
  vi.resetModules();
  return import('./later');
}

describe("the first view's deferred work", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first frame, then runs one callback per task, in the order queued', async () => {
    const { afterFirstPaint, firstViewSettled } = await freshLater();
    const ran: string[] = [];
    afterFirstPaint(() => ran.push('cards'));
    afterFirstPaint(() => ran.push('countries'));
    expect(ran).toEqual([]);

    vi.advanceTimersToNextFrame();
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['cards']);
    expect(firstViewSettled()).toBe(false);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['cards', 'countries']);
    vi.advanceTimersToNextTimer();
    expect(firstViewSettled()).toBe(true);
  });

  it('is not settled yet for what the last piece renders (the page behind the age gate)', async () => {
    const { afterFirstPaint, firstViewSettled } = await freshLater();
    const seenByWhatMounts: boolean[] = [];
    // A state change renders in a microtask after the callback: the list mounting there reads it.
    afterFirstPaint(() => queueMicrotask(() => seenByWhatMounts.push(firstViewSettled())));
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextTimer();
    await Promise.resolve();
    expect(seenByWhatMounts).toEqual([false]);
  });

  it('skips a cancelled callback, and once settled runs a new one in a task of its own', async () => {
    const { afterFirstPaint } = await freshLater();
    const ran: string[] = [];
    const cancel = afterFirstPaint(() => ran.push('unmounted'));
    afterFirstPaint(() => ran.push('kept'));
    cancel();
    vi.runAllTimers();
    expect(ran).toEqual(['kept']);

    afterFirstPaint(() => ran.push('later'));
    expect(ran).toEqual(['kept']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['kept', 'later']);
  });

  it('hands the thread back between start-up steps', async () => {
    const { nextTask } = await freshLater();
    let resumed = false;
    void nextTask().then(() => {
      resumed = true;
    });
    await Promise.resolve();
    expect(resumed).toBe(false);
    await vi.runAllTimersAsync();
    expect(resumed).toBe(true);
  });
});
