import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, OutgoingEmail } from '../domain/ports.ts';

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
    // The timestamp prefix keeps file names in sending order; the recipient's key lets a reader open only
    // that recipient's emails.
    const name = `${String(sentAt.getTime()).padStart(15, '0')}-${process.hrtime.bigint()}-${recipientKey(email.to)}-${id}.json`;
    // Written under another name, then renamed: a reader (or a process killed mid-write) never leaves
    // half an email in the outbox.
    const temp = join(this.dir, `.${name}.tmp`);
    await writeFile(temp, JSON.stringify(stored, null, 2));
    await rename(temp, join(this.dir, name));
  }
}

/**
 * The part of a file's name that says whom the email is to: a hash, so that an address with any characters
 * makes a plain file name, and long enough that no two test addresses meet.
 */
const recipientKey = (to: string): string => createHash('sha256').update(to).digest('hex').slice(0, 20);

/**
 * Newest first. With `to`, only the emails to that address, opened by their names' keys: a test's wait for its
 * link costs the same in an outbox of ten emails or ten thousand. Emails written before names carried the key
 * (seven parts to the name, not eight) are opened to be sure.
 */
export async function readOutbox(dir: string, { to }: { to?: string } = {}): Promise<StoredEmail[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const key = to === undefined ? null : `-${recipientKey(to)}-`;
  const files = names
    .filter(
      (n) =>
        n.endsWith('.json') &&
        !n.startsWith('.') &&
        (key === null || n.includes(key) || n.split('-').length === 7),
    )
    .sort()
    .reverse();
  const emails = await Promise.all(
    files.map(async (n) => {
      try {
        return JSON.parse(await readFile(join(dir, n), 'utf8')) as StoredEmail;
      } catch {
        // Written by an older outbox in place, and cut short by a crash: not an email anyone can read.
        return null;
      }
    }),
  );
  return emails.filter((m): m is StoredEmail => m !== null && (to === undefined || m.to === to));
}
