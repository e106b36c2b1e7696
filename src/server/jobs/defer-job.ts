/**
 * Thrown by a handler when its job must wait, not fail: chasing is on hold for the leaseholder,
 * or a provider asked us to slow down. The job goes back to `queued` to run at `runAt`, and the
 * attempt it was claimed with is given back, so waiting never uses up its retries.
 */
export class DeferJob extends Error {
  constructor(
    readonly runAt: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'DeferJob';
  }
}
