// Makes the local SQS queues durable, as SQS is: every change (a queue created or changed, a message sent,
// received, hidden, moved to the dead-letter queue or deleted) is appended to a journal and flushed to disk
// before the endpoint answers, so a kill -9 at any moment loses nothing that was acknowledged. On start the
// last snapshot and its journal are read back (a half-written last line, from a write the kill cut short,
// was never acknowledged and is dropped), then written as a new snapshot (temp file, fsync, rename) and a
// new, empty journal begins. Entries set a message's whole state, so replaying one twice changes nothing.
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LEFTOVER_TEMP, writeFileDurably } from '../durable-file.ts';
import type { QueueSettings, StoredMessage } from './model.ts';

export interface PersistedQueue {
  name: string;
  createdAt: number;
  lastModifiedAt: number;
  settings: QueueSettings;
  /** In arrival order (the order receives take them). */
  messages: StoredMessage[];
}

export type JournalEntry =
  | { op: 'queue'; name: string; createdAt: number; lastModifiedAt: number; settings: QueueSettings }
  | { op: 'drop'; name: string }
  | { op: 'put'; queue: string; message: StoredMessage }
  | { op: 'delete'; queue: string; id: string }
  | { op: 'purge'; queue: string };

/** Where the queues' changes go: nowhere (in memory) or a journal on disk. */
export interface QueueLog {
  record(entry: JournalEntry): void;
  /** Resolves once everything recorded so far is on disk. */
  persisted(): Promise<void>;
  close(): Promise<void>;
}

export const IN_MEMORY: QueueLog = {
  record: () => undefined,
  persisted: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

const SNAPSHOT = 'snapshot.json';
const journalName = (generation: number) => `journal-${generation}.log`;
/** A new snapshot once the journal holds this many entries: it is read back whole on every start. */
const COMPACT_AFTER = 5000;

interface JournalOptions {
  /** Journal entries before a new snapshot is written (default 5000). */
  compactAfter?: number;
}

// Binary message attributes are Buffers: JSON keeps them as { type: 'Buffer', data: [...] }.
const revive = (_key: string, value: unknown) =>
  value &&
  typeof value === 'object' &&
  (value as { type?: unknown }).type === 'Buffer' &&
  Array.isArray((value as { data?: unknown }).data)
    ? Buffer.from((value as { data: number[] }).data)
    : value;

type State = Map<string, { header: Omit<PersistedQueue, 'messages'>; messages: Map<string, StoredMessage> }>;

function apply(state: State, e: JournalEntry): void {
  switch (e.op) {
    case 'queue': {
      const header = {
        name: e.name,
        createdAt: e.createdAt,
        lastModifiedAt: e.lastModifiedAt,
        settings: e.settings,
      };
      const q = state.get(e.name);
      if (q) q.header = header;
      else state.set(e.name, { header, messages: new Map() });
      return;
    }
    case 'drop':
      state.delete(e.name);
      return;
    case 'put':
      state.get(e.queue)?.messages.set(e.message.id, e.message);
      return;
    case 'delete':
      state.get(e.queue)?.messages.delete(e.id);
      return;
    case 'purge':
      state.get(e.queue)?.messages.clear();
      return;
  }
}

const toList = (state: State): PersistedQueue[] =>
  [...state.values()].map((q) => ({ ...q.header, messages: [...q.messages.values()] }));

interface RecoveredQueues {
  queues: PersistedQueue[];
  /** Journal lines that could not be read (a write cut short by a crash). */
  droppedLines: number;
  log: QueueLog;
}

async function readSnapshot(dir: string): Promise<{ generation: number; queues: PersistedQueue[] }> {
  const file = join(dir, SNAPSHOT);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { generation: 0, queues: [] };
  }
  try {
    const parsed = JSON.parse(text, revive) as { v: 1; generation: number; queues: PersistedQueue[] };
    return { generation: parsed.generation, queues: parsed.queues };
  } catch (e) {
    // A rename is atomic, so this is not a crash's doing: keep the file for a look, and start empty.
    const aside = `${file}.unreadable-${Date.now()}`;
    await rename(file, aside);
    console.error(`[local sqs] ${file} could not be read (${(e as Error).message}); moved to ${aside}`);
    return { generation: 0, queues: [] };
  }
}

/**
 * Reads the queues kept in `dir` and opens the journal that keeps them from now on. `current` must
 * return the queues as they are in memory when asked (for the next snapshot).
 */
export async function openQueueJournal(
  dir: string,
  current: () => PersistedQueue[],
  o: JournalOptions = {},
): Promise<RecoveredQueues> {
  await mkdir(dir, { recursive: true });
  const snapshot = await readSnapshot(dir);
  const state: State = new Map(
    snapshot.queues.map((q) => [
      q.name,
      {
        header: {
          name: q.name,
          createdAt: q.createdAt,
          lastModifiedAt: q.lastModifiedAt,
          settings: q.settings,
        },
        messages: new Map(q.messages.map((m) => [m.id, m])),
      },
    ]),
  );
  let droppedLines = 0;
  const journal = await readFile(join(dir, journalName(snapshot.generation)), 'utf8').catch(() => '');
  for (const line of journal.split('\n')) {
    if (!line) continue;
    try {
      apply(state, JSON.parse(line, revive) as JournalEntry);
    } catch {
      droppedLines += 1;
    }
  }
  const queues = toList(state);
  const log = new JournalLog(dir, snapshot.generation, current, o.compactAfter ?? COMPACT_AFTER);
  await log.start(queues);
  return { queues, droppedLines, log };
}

class JournalLog implements QueueLog {
  private pending: string[] = [];
  private recorded = 0;
  private durable = 0;
  private sinceSnapshot = 0;
  private waiters: { upTo: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private flushing: Promise<void> | null = null;
  private handle: Awaited<ReturnType<typeof open>> | null = null;
  private readonly dir: string;
  private generation: number;
  private readonly current: () => PersistedQueue[];
  private readonly compactAfter: number;

  constructor(dir: string, generation: number, current: () => PersistedQueue[], compactAfter: number) {
    this.dir = dir;
    this.generation = generation;
    this.current = current;
    this.compactAfter = compactAfter;
  }

  /** Writes what was recovered as the next snapshot, then starts its (empty) journal. */
  async start(queues: PersistedQueue[]): Promise<void> {
    await this.snapshot(queues);
    for (const name of await readdir(this.dir)) {
      const stale =
        (name.startsWith('journal-') && name !== journalName(this.generation)) || LEFTOVER_TEMP.test(name);
      if (stale) await rm(join(this.dir, name), { force: true });
    }
  }

  record(entry: JournalEntry): void {
    this.pending.push(`${JSON.stringify(entry)}\n`);
    this.recorded += 1;
    this.flushing ??= this.flush().finally(() => {
      this.flushing = null;
    });
  }

  persisted(): Promise<void> {
    if (this.durable >= this.recorded) return Promise.resolve();
    const upTo = this.recorded;
    return new Promise((resolve, reject) => this.waiters.push({ upTo, resolve, reject }));
  }

  async close(): Promise<void> {
    await this.flushing;
    await this.handle?.close();
    this.handle = null;
  }

  private settle(error?: unknown): void {
    const ready = this.waiters.filter((w) => error !== undefined || w.upTo <= this.durable);
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const w of ready) {
      if (error === undefined) w.resolve();
      else w.reject(error);
    }
  }

  /** Writes the pending entries, one fsync for all of them (what arrives meanwhile goes in the next write). */
  private async flush(): Promise<void> {
    while (this.pending.length) {
      try {
        if (this.sinceSnapshot >= this.compactAfter) {
          // The queues as they are now hold every pending entry: they need no writing of their own.
          const upTo = this.recorded;
          this.pending = [];
          await this.snapshot(this.current());
          await rm(join(this.dir, journalName(this.generation - 1)), { force: true });
          this.durable = upTo;
        } else {
          const lines = this.pending;
          const upTo = this.recorded;
          this.pending = [];
          const handle = this.handle as NonNullable<typeof this.handle>;
          await handle.write(lines.join(''));
          await handle.datasync();
          this.sinceSnapshot += lines.length;
          this.durable = upTo;
        }
        this.settle();
      } catch (e) {
        console.error('[local sqs] could not write the journal:', e);
        this.settle(e);
      }
    }
  }

  private async snapshot(queues: PersistedQueue[]): Promise<void> {
    const next = this.generation + 1;
    await writeFileDurably(join(this.dir, SNAPSHOT), JSON.stringify({ v: 1, generation: next, queues }));
    await this.handle?.close();
    this.handle = await open(join(this.dir, journalName(next)), 'w');
    this.generation = next;
    this.sinceSnapshot = 0;
  }
}
