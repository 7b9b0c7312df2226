// A counting semaphore with two priorities: waiting `high` work always starts before waiting `low` work,
// and `low` work never holds more than its share of the slots, so a flood of it leaves room for `high`.

type Priority = 'high' | 'low';

export class PrioritySemaphore {
  private readonly slots: number;
  private readonly lowSlots: number;
  private running = 0;
  private runningLow = 0;
  private readonly waiting: Record<Priority, (() => void)[]> = { high: [], low: [] };

  /** `slots` at once in all; `low` work takes at most `lowSlots` of them. */
  constructor(slots: number, lowSlots: number) {
    if (slots < 1 || lowSlots < 0 || lowSlots > slots) throw new Error('invalid semaphore slots');
    this.slots = slots;
    this.lowSlots = lowSlots;
  }

  async run<T>(priority: Priority, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting[priority].push(start);
      this.startWaiting();
    });
    try {
      return await work();
    } finally {
      this.running -= 1;
      if (priority === 'low') this.runningLow -= 1;
      this.startWaiting();
    }
  }

  /** How much work runs and waits now (for the tests and the logs). */
  get load(): { running: number; runningLow: number; waitingHigh: number; waitingLow: number } {
    return {
      running: this.running,
      runningLow: this.runningLow,
      waitingHigh: this.waiting.high.length,
      waitingLow: this.waiting.low.length,
    };
  }

  private startWaiting(): void {
    while (this.running < this.slots) {
      let start = this.waiting.high.shift();
      if (!start && this.runningLow < this.lowSlots) {
        start = this.waiting.low.shift();
        if (start) this.runningLow += 1;
      }
      if (!start) return;
      this.running += 1;
      start();
    }
  }
}
