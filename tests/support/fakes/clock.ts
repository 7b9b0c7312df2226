// A clock the test moves by hand (Clock in functions/accounts/domain/ports.ts). The fakes that expire things (links,
// rate windows, pending accounts, photos) read this one, so `advance` is how a test lets time pass.
import type { Clock } from '#platform/domain/ports.ts';

export class FakeClock implements Clock {
  private seconds: number;

  /** Starts at the real time by default: the contract suites share fixtures with the real adapters. */
  constructor(start: number = Math.floor(Date.now() / 1000)) {
    this.seconds = start;
  }

  now(): number {
    return this.seconds;
  }

  advance(seconds: number): void {
    this.seconds += seconds;
  }

  set(seconds: number): void {
    this.seconds = seconds;
  }
}
