import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A lane's slots, and the way a running job gives its slot back while it waits
 * for something only other jobs can free (a host's request slot), so waiting
 * jobs never fill a lane (docs/decisions/051). A leaf module: the publishing
 * engine calls offLane without knowing about the worker.
 */

/** A counting semaphore whose resuming jobs go before new claims. */
export class LaneSlots {
  private free: number;
  private readonly resuming: Array<() => void> = [];
  private readonly claiming: Array<() => void> = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** Resolves once a slot is held; `resume` queues ahead of claims for new jobs. */
  acquire(resume = false): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => (resume ? this.resuming : this.claiming).push(resolve));
  }

  release() {
    const next = this.resuming.shift() ?? this.claiming.shift();
    if (next) next();
    else this.free++;
  }

  get available() {
    return this.free;
  }
}

/** One running job's hold on its lane slot. */
export class HeldSlot {
  private held = true;
  private ended = false;
  constructor(private readonly slots: LaneSlots) {}

  /** Waits without holding the slot, then takes one again (ahead of new claims) before going on. */
  async offLane<T>(wait: Promise<T>): Promise<T> {
    if (!this.held || this.ended) return wait;
    this.held = false;
    this.slots.release();
    try {
      return await wait;
    } finally {
      if (!this.ended) {
        await this.slots.acquire(true);
        if (this.ended) this.slots.release();
        else this.held = true;
      }
    }
  }

  /** The job is over (finished, failed, timed out): its slot, if it holds one, goes back. */
  end() {
    if (this.ended) return;
    this.ended = true;
    if (this.held) {
      this.held = false;
      this.slots.release();
    }
  }
}

const current = new AsyncLocalStorage<HeldSlot>();

/** Runs a job's work with its slot in context, for offLane. */
export function withHeldSlot<T>(slot: HeldSlot | undefined, work: () => T): T {
  return slot ? current.run(slot, work) : work();
}

/**
 * Awaits `wait` with the calling job's lane slot given back meanwhile; outside a
 * worker lane (tests calling runNextJob, requests) it simply awaits.
 */
export function offLane<T>(wait: Promise<T>): Promise<T> {
  const slot = current.getStore();
  return slot ? slot.offLane(wait) : wait;
}
