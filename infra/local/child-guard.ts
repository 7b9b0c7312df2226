// `node child-guard.ts <command> [args...]`: runs the command and makes sure it never outlives the process
// that started this guard. The parent holds the write end of the guard's stdin; the kernel closes it however
// the parent ends (Ctrl-C, SIGTERM, SIGKILL, a crash), and on that end of file the guard stops the command
// (SIGTERM, then SIGKILL after 3 s) and exits. Used for DynamoDB Local, a Java process that would otherwise
// be orphaned holding its port and its data files.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node child-guard.ts <command> [args...]');
  process.exit(2);
}
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 3000).unref();
};
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
child.on('error', (e) => {
  console.error(`child-guard: cannot run ${command}: ${e.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 0)));
