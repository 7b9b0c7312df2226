import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer, OutgoingEmail } from '../../domain/ports.ts';

export class SesMailer implements Mailer {
  private readonly ses: SESv2Client;
  private readonly from: string;

  constructor(ses: SESv2Client, from: string) {
    this.ses = ses;
    this.from = from;
  }

  async send(email: OutgoingEmail): Promise<void> {
    await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [email.to] },
        Content: {
          Simple: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: email.text, Charset: 'UTF-8' },
              Html: { Data: email.html, Charset: 'UTF-8' },
            },
          },
        },
      }),
    );
  }
}
