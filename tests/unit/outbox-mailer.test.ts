// The local outbox (the stand-in for SES): one JSON file per email, named so that a reader can open one
// recipient's emails without opening everyone's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxMailer, readOutbox } from '#platform/mail/outbox-mailer.ts';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'aivatar-outbox-unit-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const email = (to: string, subject: string) => ({ to, subject, text: `${subject} text`, html: '<p>hi</p>' });

describe('the outbox', () => {
  it("gives one recipient's emails, newest first, and every email without `to`", async () => {
    const dir = newDir();
    const mailer = new OutboxMailer(dir, 'Aivatar <no-reply@aivatar.test>');
    await mailer.send(email('ana@example.test', 'first'));
    await mailer.send(email('bob@example.test', 'for bob'));
    await mailer.send(email('ana@example.test', 'second'));
    await mailer.send(email('Ana@example.test', 'another address'));

    expect((await readOutbox(dir, { to: 'ana@example.test' })).map((m) => m.subject)).toEqual([
      'second',
      'first',
    ]);
    expect((await readOutbox(dir, { to: 'bob@example.test' })).map((m) => m.subject)).toEqual(['for bob']);
    expect(await readOutbox(dir, { to: 'nobody@example.test' })).toEqual([]);
    expect(await readOutbox(dir)).toHaveLength(4);
  });

  it("opens only the recipient's files, and those an older outbox wrote without a recipient in the name", async () => {
    const dir = newDir();
    const mailer = new OutboxMailer(dir, 'Aivatar <no-reply@aivatar.test>');
    await mailer.send(email('bob@example.test', 'for bob'));
    // Bob's email becomes a named pipe: opening it would wait for a writer for ever, so Ana's read ends only
    // if it never opens Bob's file.
    const [bobs] = readdirSync(dir);
    rmSync(join(dir, bobs as string));
    expect(spawnSync('mkfifo', [join(dir, bobs as string)]).status).toBe(0);
    await mailer.send(email('ana@example.test', 'new'));
    const old = {
      id: 'old',
      from: 'x',
      sent_at: '2026-01-01T00:00:00.000Z',
      ...email('ana@example.test', 'old'),
    };
    writeFileSync(
      join(dir, '000001767225600000-123-5c1d3b7e-8a2f-4b1c-9d3e-1f2a3b4c5d6e.json'),
      JSON.stringify(old),
    );

    expect((await readOutbox(dir, { to: 'ana@example.test' })).map((m) => m.subject)).toEqual(['new', 'old']);
  });
});
