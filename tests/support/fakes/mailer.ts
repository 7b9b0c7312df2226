// The mailer's in-memory outbox (Mailer in functions/accounts/domain/ports.ts); the local stand-in writes files
// instead (functions/platform/mail/outbox-mailer.ts). Both keep every email whole, in sending order.
import type { Mailer, OutgoingEmail } from '#platform/domain/ports.ts';

export class FakeMailer implements Mailer {
  readonly sent: OutgoingEmail[] = [];
  private failures = 0;

  async send(email: OutgoingEmail): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('mail provider unavailable (FakeMailer.failNext)');
    }
    this.sent.push(structuredClone(email));
  }

  /** The emails to this address, newest first (as readOutbox answers). */
  to(address: string): OutgoingEmail[] {
    return this.sent.filter((m) => m.to === address).reverse();
  }

  /** The next `count` sends throw, as SES does when it is down. */
  failNext(count = 1): void {
    this.failures = count;
  }
}
