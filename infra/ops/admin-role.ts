// `npm run admin-role -- grant|revoke <email> [--table <name>] [--endpoint <url>] [--region <r>]`
// Grants or revokes the admin role on an account record. The stage's ADMIN_EMAILS setting also makes an
// account admin while it lists the email; this command is for roles that outlive that list (or, with
// revoke, for taking back one it granted). Against AWS it uses your AWS credentials and the stack's
// TableName output; without --table it targets the table of a running `npm start`.
import { parseArgs } from 'node:util';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { normaliseEmail } from '../../functions/accounts/domain/email-address.ts';
import { DynamoAccountStore } from '../../functions/accounts/dynamodb/account-store.ts';
import { LOCAL_TABLE } from '../local/stack.ts';

const USAGE = 'Usage: npm run admin-role -- grant|revoke <email> [--table <name>] [--endpoint <url>]';

export async function setAdminRole(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      table: { type: 'string' },
      endpoint: { type: 'string' },
      region: { type: 'string' },
    },
  });
  const [action, rawEmail] = positionals;
  if ((action !== 'grant' && action !== 'revoke') || !rawEmail) throw new Error(USAGE);
  const email = normaliseEmail(rawEmail);
  const local = !values.table;
  const endpoint =
    values.endpoint ?? (local ? `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? 8000}` : undefined);
  if (values.region) process.env.AWS_REGION = values.region;
  const db = createDocumentClient(endpoint);
  const store = new DynamoAccountStore(db, values.table ?? LOCAL_TABLE);
  const found = await store.setRole(email, action === 'grant' ? 'admin' : 'user');
  db.destroy();
  if (!found) throw new Error(`No account has the email ${email}.`);
  return action === 'grant'
    ? `${email} is now an admin.`
    : `${email} no longer holds an operator-granted admin role (ADMIN_EMAILS still applies while it lists them).`;
}

if (import.meta.main) {
  setAdminRole(process.argv.slice(2)).then(
    (message) => console.log(message),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
