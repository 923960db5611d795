/**
 * Bounds work that is expensive and can be requested by anyone (argon2 hashing): at most
 * `concurrency` run at once and at most `queueSize` wait. Whoever comes when the queue is full is
 * turned away at once instead of waiting behind everybody, so the wait stays short for the rest.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueSize: number,
  ) {}

  /**
   * A slot, as a promise of its release function; null when `queueLimit` callers already wait
   * (callers of lesser priority pass a smaller limit, keeping room in the queue for the others).
   */
  tryAcquire(queueLimit: number = this.queueSize): Promise<() => void> | null {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= Math.min(queueLimit, this.queueSize)) return null;
    return new Promise((resolve) => {
      this.waiting.push(() => resolve(this.releaser()));
    });
  }

  /** Work running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so `running` stays the same.
      if (next) next();
      else this.running -= 1;
    };
  }
}
