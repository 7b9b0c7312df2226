import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer, OutgoingEmail } from '../domain/ports.ts';

/**
 * Sends through SES. The SDK client is loaded on the first email, not at cold start: most requests
 * (every signed-in call) never send mail.
 */
export class SesMailer implements Mailer {
  private readonly from: string;
  private client:
    | Promise<{ ses: SESv2Client; SendEmailCommand: typeof import('@aws-sdk/client-sesv2').SendEmailCommand }>
    | undefined;

  constructor(from: string) {
    this.from = from;
  }

  private load() {
    this.client ??= import('@aws-sdk/client-sesv2').then((m) => ({
      ses: new m.SESv2Client({}),
      SendEmailCommand: m.SendEmailCommand,
    }));
    return this.client;
  }

  async send(email: OutgoingEmail): Promise<void> {
    const { ses, SendEmailCommand } = await this.load();
    await ses.send(
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
