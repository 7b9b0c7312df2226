// The mailer a function's settings name: SES in AWS, the outbox folder locally.
import type { MailConfig } from '../config.ts';
import type { Mailer } from '../domain/ports.ts';
import { OutboxMailer } from './outbox-mailer.ts';
import { SesMailer } from './ses-mailer.ts';

export const buildMailer = (config: MailConfig): Mailer =>
  config.mail.transport === 'outbox'
    ? new OutboxMailer(config.mail.dir, config.mailFrom)
    : new SesMailer(config.mailFrom);
