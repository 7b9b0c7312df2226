import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, OutgoingEmail } from '../../domain/ports.ts';

export interface StoredEmail extends OutgoingEmail {
  id: string;
  from: string;
  sent_at: string;
}

/** Local stand-in for SES: each email becomes a JSON file in the outbox folder. */
export class OutboxMailer implements Mailer {
  private readonly dir: string;
  private readonly from: string;

  constructor(dir: string, from: string) {
    this.dir = dir;
    this.from = from;
  }

  async send(email: OutgoingEmail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const sentAt = new Date();
    const id = randomUUID();
    const stored: StoredEmail = { id, from: this.from, sent_at: sentAt.toISOString(), ...email };
    // The timestamp prefix keeps file names in sending order.
    const name = `${String(sentAt.getTime()).padStart(15, '0')}-${process.hrtime.bigint()}-${id}.json`;
    await writeFile(join(this.dir, name), JSON.stringify(stored, null, 2));
  }
}

/** Newest first. */
export async function readOutbox(dir: string): Promise<StoredEmail[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse();
  return Promise.all(files.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredEmail));
}
