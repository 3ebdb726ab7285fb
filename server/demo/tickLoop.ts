/**
 * What the demo's background workers share: a tick that runs their work and may be called by
 * tests with their own clock, and a timer that calls it every so often without overlapping a
 * tick still going. A stop waits for the tick in progress.
 */
export class TickLoop<Report> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Report> | null = null;

  constructor(
    private readonly work: () => Promise<Report>,
    private readonly options: { tickMs: number; name: string; log: (line: string) => void },
  ) {}

  /** Ticks every `tickMs` until stopped; a tick still going is not overlapped. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.tick().catch((error: unknown) =>
        this.options.log(
          `${this.options.name}: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }, this.options.tickMs);
    this.timer.unref();
  }

  /** Stops ticking and waits for the tick in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Runs the work once now. */
  tick(): Promise<Report> {
    const work = this.work();
    this.running = work;
    return work.finally(() => {
      if (this.running === work) this.running = null;
    });
  }
}
