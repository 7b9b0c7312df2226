// `node tests/support/sqs-process.ts <data dir>`: the local SQS stand-in alone in a process of its own,
// keeping its queues in the folder, so a test can kill it with SIGKILL and start it again.
import { startSqsLocal } from '../../infra/local/sqs/server.ts';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: node tests/support/sqs-process.ts <data dir>');
  process.exit(2);
}
const sqs = await startSqsLocal(0, { dataDir });
console.log(`sqs-ready ${sqs.endpoint}`);
