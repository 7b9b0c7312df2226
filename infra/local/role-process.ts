// `npm start` runs the API and the generation functions each in a process of their own, as Lambda runs
// them apart from the queue and the database: this is that process (`fork`ed by roles.ts, never run by
// hand). It dies with its parent however the parent ends (the IPC channel closes), leaves Ctrl-C to the
// parent (which stops it in order), and on SIGTERM stops what it serves before it exits.
import { type ApiServer, startApiServer } from './api-server.ts';
import { type ParentMessage, type RoleMessage, type RoleName, startWorkers } from './roles.ts';

const role = process.argv[2] as RoleName;
const send = process.send?.bind(process);
if (!send || (role !== 'api' && role !== 'workers')) {
  console.error('infra/local/role-process.ts is started by `npm start` (infra/local/roles.ts), not by hand.');
  process.exit(2);
}
const tell = (m: RoleMessage) => send(m);

process.on('disconnect', () => process.exit(0));
process.on('SIGINT', () => undefined);
let stop: (() => Promise<void>) | null = null;
process.on('SIGTERM', () => {
  void (stop ?? (() => Promise.resolve()))()
    .catch(() => undefined)
    .finally(() => process.exit(0));
});

let api: ApiServer | null = null;
if (role === 'api') {
  api = await startApiServer(Number(process.env.AIVATAR_ROLE_PORT ?? '0'));
  stop = api.stop;
}

process.on('message', (m: ParentMessage) => {
  if (m.type !== 'configure') return;
  // The functions read their settings from the environment, as in Lambda.
  Object.assign(process.env, m.env);
  if (api && m.api) api.configure(m.api);
  if (m.workers) stop = startWorkers(m.workers).stop;
  tell({ type: 'ready' });
});
tell({ type: 'started', ...(api ? { port: api.port } : {}) });
