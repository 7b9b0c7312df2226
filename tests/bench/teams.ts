// Teams at the size the product promises (docs/product.md, "Teams"): a team of 500 members.
// 1. The dashboard's first page, GET /teams/{teamId}/members, one request at a time, its p99 as a ratio to
//    the DynamoDB Local Query page behind it (the members' team-keyed Query, 50 items), measured interleaved
//    in the same run (paired.ts). Budget <= 2x.
// 2. The ZIP of 500 chosen headshots, as the owner gets it: the download link's request, the route's
//    redirect, the archive's first byte. The set changes through the API (the owner removes a member who
//    chose), which has the job function build the new set's archive ahead (headshots-zip.ts); the first
//    download after that, and a later one, are measured. Budget: the first byte in <= 1 s. Printed beside
//    them: how long the job took from the change to the stored archive, and a download that comes right
//    after a change, before the job stored it (it builds the set itself).
// The 500 members, their choices and their files are seeded through the store adapters (DynamoTeamStore,
// S3ResultFiles), not the API, to keep it fast; the API is what is measured.
// Part of `npm run bench`; alone: `npm run bench:teams`.
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { type DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { keys } from '#platform/dynamodb/keys.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { BUCKETS } from '#shared/table-design.ts';
import { TEAM_LIMITS } from '#shared/team-rules.ts';
import { newTaskId, resultFilename } from '../../functions/generation/domain/task-names.ts';
import { SharpResultImages } from '../../functions/generation/images/result-images.ts';
import { S3ResultFiles } from '../../functions/generation/s3/result-files.ts';
import { headshotSizes } from '../../functions/teams/domain/headshot-files.ts';
import { DynamoTeamStore } from '../../functions/teams/dynamodb/team-store.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { createLocalAccount, newClientIp } from '../support/local-account.ts';
import { benchCall as call } from './bench-api.ts';
import type { Budget } from './budgets.ts';
import { queryFloor } from './dynamo-floor.ts';
import {
  apiCall,
  DEFAULT_PAIR_COUNTS,
  describePair,
  type PairCounts,
  type Paired,
  paired,
  pairedBudget,
} from './paired.ts';
import { percentile, tenths } from './stats.ts';

export const TEAM_MEMBERS = 500;
export const DASHBOARD_RATIO_BUDGET = 2;
export const TEAM_ZIP_FIRST_BYTE_BUDGET_MS = 1000;
const ZIP_RUNS = 3;

export interface TeamFigures {
  members: number;
  dashboard: Paired;
  zip: {
    members: number;
    zipMB: number;
    /** the first download after the set changed, once the job built it: the link's request to the first byte */
    firstP50Ms: number;
    firstMaxMs: number;
    runs: number;
    /** a later download of the same set: p50 of `runs` */
    storedP50Ms: number;
    /** the job: from the change's request to the new set's archive stored, p50 and max */
    buildAheadP50Ms: number;
    buildAheadMaxMs: number;
    /** a download right after a change, before the job stored the set (it builds it itself) */
    racingMs: number;
  };
}

const step = async <T>(what: string, f: () => Promise<T>): Promise<T> => {
  const t = performance.now();
  const r = await f();
  if (process.env.BENCH_VERBOSE)
    console.error(`  teams bench: ${what} ${Math.round(performance.now() - t)} ms`);
  return r;
};

/** A headshot as the renderer stores one (PNG, 1024x1536), different per member, small on disk. */
async function headshot(i: number): Promise<Uint8Array> {
  const shade = 60 + (i % 120);
  return new Uint8Array(
    await sharp({
      create: { width: 1024, height: 1536, channels: 3, background: { r: shade, g: 90, b: 200 - (i % 100) } },
    })
      .png()
      .toBuffer(),
  );
}

/**
 * A team of `n` members with a seat each, every one with a chosen team avatar whose file and 1080 px square
 * are stored, through the adapters.
 */
export async function seedTeam(stack: LocalStack, db: DynamoDBDocumentClient, s3: S3Client, n: number) {
  const token = await createLocalAccount(stack, `bench-team-${randomUUID().slice(0, 8)}@example.test`);
  const { team_id: teamId } = await call<{ team_id: string }>(stack, 'POST', '/teams', token, {
    name: 'Bench',
  });
  await db.send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: keys.team(teamId),
      UpdateExpression: 'SET seats_total = :n',
      ExpressionAttributeValues: { ':n': n },
    }),
  );
  const store = new DynamoTeamStore(db, stack.tableName);
  const files = new S3ResultFiles(s3, BUCKETS.media);
  const images = new SharpResultImages();
  const now = Math.floor(Date.now() / 1000);
  const batch = randomUUID().replaceAll('-', '').slice(0, 12);
  const memberIds: string[] = [];
  const one = async (i: number) => {
    const user = { id: randomUUID(), email: `member-${i}-${batch}@bench.example.test` };
    const memberId = randomUUID();
    memberIds.push(memberId);
    const joined = await store.join({
      teamId,
      user,
      memberId,
      invited: false,
      linkId: null,
      allowance: TEAM_LIMITS.avatarsPerSeat,
      photosReadyUntil: null,
      now,
    });
    if (!joined.ok) throw new Error(`join ${i}: ${joined.reason}`);
    const taskId = newTaskId(now, 0, randomUUID().replaceAll('-', '').slice(0, 12));
    const file = resultFilename('corporate-headshot', taskId, 'image/png');
    const bytes = await headshot(i);
    await files.save(user.id, file, bytes, 'image/png', bytes.subarray(0, 64));
    // The task item as far as "Chosen for my team" reads it (task-items.ts): a finished team avatar.
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          ...keys.task(user.id, taskId),
          status: 'DONE',
          paid_by: 'team',
          team_id: teamId,
          team_member_id: memberId,
          result_file: file,
        },
      }),
    );
    const faceBox = { x: 0.3, y: 0.15, width: 0.4, height: 0.3 };
    // What "Chosen for my team" does (functions/teams/domain/chosen.ts): the square made and kept, both
    // sizes recorded with the choice.
    const sizes = await headshotSizes({ results: files, images }, user.id, file, faceBox);
    const chosen = await store.setChosen(user.id, teamId, memberId, {
      taskId,
      resultFile: file,
      fileName: file,
      likeness: 0.9,
      faceBox,
      chosenAt: now,
      sizes,
    });
    if (!chosen) throw new Error(`choice ${i} refused`);
  };
  for (let i = 0; i < n; i += 8)
    await Promise.all(Array.from({ length: Math.min(8, n - i) }, (_, k) => one(i + k)));
  return { token, teamId, memberIds };
}

/** Milliseconds from the request for the download link to the ZIP's first byte, and the ZIP's size. */
async function zipFirstByte(stack: LocalStack, token: string, teamId: string) {
  const t = performance.now();
  const link = await call<{ token: string }>(stack, 'POST', '/aivatar/download-links', token, {
    route: 'teamHeadshotsZip',
    team_id: teamId,
  });
  const res = await fetch(
    `${stack.apiUrl}/teams/${teamId}/headshots.zip?token=${encodeURIComponent(link.token)}`,
    {
      headers: { 'x-forwarded-for': newClientIp() },
    },
  );
  if (!res.ok || !res.body) throw new Error(`the team ZIP answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const first = await reader.read();
  const ms = performance.now() - t;
  let bytes = first.value?.length ?? 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
  return { ms, bytes };
}

export async function teamBench(
  stack: LocalStack,
  db: DynamoDBDocumentClient,
  counts: PairCounts = DEFAULT_PAIR_COUNTS,
): Promise<TeamFigures> {
  const s3 = createS3Client(stack.s3Endpoint);
  const { token, teamId, memberIds } = await step(`${TEAM_MEMBERS} members`, () =>
    seedTeam(stack, db, s3, TEAM_MEMBERS),
  );

  // 1. The dashboard's first page against the team-keyed Query it makes (team-store.ts listMembers).
  const page = queryFloor(db, stack.tableName, {
    pk: keys.team(teamId).pk,
    prefix: keys.teamMemberPrefix,
    limit: TEAM_LIMITS.membersPageSize,
  });
  const dashboard = await paired(`Query of ${TEAM_LIMITS.membersPageSize} member items`, counts, page, () =>
    apiCall({
      url: `${stack.apiUrl}/teams/${teamId}/members`,
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
    }),
  );

  // 2. The ZIP: the set changed through the API, built ahead by the job function, then downloaded.
  const storedSets = async () => {
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: BUCKETS.media, Prefix: `archives/team-${teamId}/` }),
    );
    return new Set((listed.Contents ?? []).map((o) => o.Key as string));
  };
  const removeMember = (memberId: string) =>
    call(stack, 'DELETE', `/teams/${teamId}/members/${memberId}`, token);
  // The first set, as the members' choices left it: built by a first download.
  await step('ZIP of the seeded set', () => zipFirstByte(stack, token, teamId));
  const first: number[] = [];
  const stored: number[] = [];
  const ahead: number[] = [];
  let zipBytes = 0;
  for (let i = 0; i < ZIP_RUNS; i++) {
    const before = await storedSets();
    const t = performance.now();
    await removeMember(memberIds[i] as string);
    // The job function builds the new set's archive from the removal's message.
    for (;;) {
      const now = await storedSets();
      if ([...now].some((k) => !before.has(k))) break;
      if (performance.now() - t > 120_000) throw new Error('the team archive was not built ahead in 2 min');
      await new Promise((r) => setTimeout(r, 20));
    }
    ahead.push(performance.now() - t);
    const run = await step('ZIP after a change', () => zipFirstByte(stack, token, teamId));
    first.push(run.ms);
    zipBytes = run.bytes;
    stored.push((await step('ZIP again', () => zipFirstByte(stack, token, teamId))).ms);
  }
  // A download right after a change, racing the job: it builds the set itself.
  await removeMember(memberIds[ZIP_RUNS] as string);
  const racing = await step('ZIP racing the job', () => zipFirstByte(stack, token, teamId));
  const p = (xs: number[], q: number) =>
    tenths(
      percentile(
        [...xs].sort((a, b) => a - b),
        q,
      ),
    );
  return {
    members: TEAM_MEMBERS,
    dashboard,
    zip: {
      members: TEAM_MEMBERS - ZIP_RUNS,
      zipMB: Math.round((zipBytes / 1e6) * 10) / 10,
      firstP50Ms: p(first, 50),
      firstMaxMs: tenths(Math.max(...first)),
      runs: ZIP_RUNS,
      storedP50Ms: p(stored, 50),
      buildAheadP50Ms: p(ahead, 50),
      buildAheadMaxMs: tenths(Math.max(...ahead)),
      racingMs: tenths(racing.ms),
    },
  };
}

export function printTeams(f: TeamFigures): void {
  console.log(`Teams (${f.members} members):`);
  console.log(`  ${describePair(`GET /teams/{teamId}/members first page`, f.dashboard)}`);
  console.log(
    `  ZIP of ${f.zip.members} chosen headshots (${f.zip.zipMB} MB): first byte of the first download after ` +
      `a change p50 ${f.zip.firstP50Ms} ms, max ${f.zip.firstMaxMs} ms (${f.zip.runs} runs); again p50 ` +
      `${f.zip.storedP50Ms} ms. Built ahead by the job function in p50 ${f.zip.buildAheadP50Ms} ms, max ` +
      `${f.zip.buildAheadMaxMs} ms from the change; a download racing the job (it builds the set itself): ` +
      `${f.zip.racingMs} ms`,
  );
}

export const teamBudgets = (f: TeamFigures): Budget[] => [
  pairedBudget(`GET /teams/{id}/members (${f.members} members)`, f.dashboard, DASHBOARD_RATIO_BUDGET),
  {
    name: `team ZIP (${f.zip.members}) first byte, first download after a change, p50`,
    value: f.zip.firstP50Ms,
    unit: 'ms',
    limit: TEAM_ZIP_FIRST_BYTE_BUDGET_MS,
    figures: `max ${f.zip.firstMaxMs} ms of ${f.zip.runs}; built ahead in p50 ${f.zip.buildAheadP50Ms} ms`,
  },
  {
    name: `team ZIP (${f.zip.members}) first byte, again, p50`,
    value: f.zip.storedP50Ms,
    unit: 'ms',
    limit: TEAM_ZIP_FIRST_BYTE_BUDGET_MS,
  },
];

if (import.meta.main) {
  await import('./quiet-logs.ts');
  const { parseArgs } = await import('node:util');
  const { pairCountOptions, pairCounts } = await import('./api-latency.ts');
  const { values } = parseArgs({ options: pairCountOptions, allowPositionals: true });
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  const { createDocumentClient } = await import('#platform/dynamodb/client.ts');
  const { reportBudgets } = await import('./budgets.ts');
  const stack = await startLocalStack({ trustForwardedFor: true, generationWorkers: false });
  const db = createDocumentClient(stack.dynamoEndpoint);
  try {
    const figures = await teamBench(stack, db, pairCounts(values));
    printTeams(figures);
    process.exitCode = reportBudgets(teamBudgets(figures));
  } catch (e) {
    console.error('teams bench failed:', (e as Error).stack);
    process.exitCode = 1;
  } finally {
    db.destroy();
    await stack.stop();
  }
}
