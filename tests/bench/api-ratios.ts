// `npm run bench:api`: the API ratio budgets whose paths are our own code's work, without the rest of
// `npm run bench` (about a minute instead of fifteen): GET /user_info against a GetItem, a create of 10
// styles against its 13-item transaction, and a user's tasks (first page and ?limit=200) against the Query
// pages they read, each interleaved with its floor (paired.ts), with the same counts and budgets as the full
// run. Counts: `npm run bench:api -- --rounds 3 --per-round 10 --warm-rounds 1`.
import './quiet-logs.ts';
import { parseArgs } from 'node:util';
import { SQSClient } from '@aws-sdk/client-sqs';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { API_RATIO_BUDGETS, pairCountOptions, pairCounts, userInfoLatency } from './api-latency.ts';
import { reportBudgets } from './budgets.ts';
import { apiPathBudgets, createAndListBench } from './generation.ts';
import { describePair, pairedBudget } from './paired.ts';

const { values } = parseArgs({ options: pairCountOptions, allowPositionals: true });
const counts = pairCounts(values);
// As `npm run bench`: the bench creates thousands of avatars in minutes, past the daily provider caps.
process.env.PROVIDER_DAILY_CAP_PER_ACCOUNT ??= '1000000';
process.env.PROVIDER_DAILY_CAP_TOTAL ??= '10000000';
const stack = await startLocalStack({ trustForwardedFor: true, generationWorkers: false });
const db = createDocumentClient(stack.dynamoEndpoint);
const sqs = new SQSClient({
  endpoint: stack.sqsEndpoint,
  region: 'eu-west-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
try {
  const { userInfo } = await userInfoLatency(stack, db, counts);
  const { create, userTasks } = await createAndListBench(stack, db, sqs, counts);
  console.log('\nAPI paths, one request at a time, interleaved with the DynamoDB Local call behind each');
  console.log(`  ${describePair('GET /user_info', userInfo)}`);
  console.log(`  ${describePair(`POST create_tasks_batch (${create.styles} styles)`, create)}`);
  console.log(`  ${describePair('GET /aivatar/user-tasks first page', userTasks.firstPage)}`);
  console.log(`  ${describePair('GET /aivatar/user-tasks?limit=200', userTasks.all)}`);
  const budgets = [
    pairedBudget('GET /user_info', userInfo, API_RATIO_BUDGETS.userInfo),
    // The generation bench's own budgets on the same figures (the worker's are not measured here).
    ...apiPathBudgets({ create, userTasks }),
  ];
  process.exitCode = reportBudgets(budgets);
} finally {
  db.destroy();
  sqs.destroy();
  await stack.stop();
}
