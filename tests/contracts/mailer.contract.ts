// The Mailer port's contract (functions/accounts/domain/ports.ts): what is sent can be read back whole, per address,
// newest first. Run against the outbox mailer (the local stand-in for SES) and the fake.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Mailer, OutgoingEmail } from '#platform/domain/ports.ts';

export interface MailerSubject {
  mailer: Mailer;
  /** the emails sent to an address, newest first */
  sentTo(address: string): Promise<OutgoingEmail[]>;
}

export function mailerContract(make: () => MailerSubject | Promise<MailerSubject>) {
  describe('Mailer contract', () => {
    it('keeps every email whole, to its own address, newest first', async () => {
      const { mailer, sentTo } = await make();
      const to = `ada-${randomUUID()}@example.test`;
      const first = {
        to,
        subject: 'Votre lien de connexion',
        text: 'Lien : https://x/?a=1&b=2',
        html: '<p>é</p>',
      };
      const second = { ...first, subject: 'Second' };
      await mailer.send(first);
      await mailer.send({ ...first, to: `other-${randomUUID()}@example.test` });
      await mailer.send(second);
      const read = await sentTo(to);
      expect(read.map(({ to, subject, text, html }) => ({ to, subject, text, html }))).toEqual([
        second,
        first,
      ]);
    });
  });
}
