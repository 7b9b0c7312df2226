// Which DynamoDB actions a function's code can call, read from its source files: the commands it imports
// from the SDK, and for TransactWriteItems the kinds of item it writes (each needs its own action).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../infra/function-entries.ts';

const COMMAND_ACTIONS: Record<string, string[]> = {
  GetCommand: ['dynamodb:GetItem'],
  GetItemCommand: ['dynamodb:GetItem'],
  BatchGetCommand: ['dynamodb:BatchGetItem'],
  BatchGetItemCommand: ['dynamodb:BatchGetItem'],
  TransactGetCommand: ['dynamodb:GetItem'],
  TransactGetItemsCommand: ['dynamodb:GetItem'],
  QueryCommand: ['dynamodb:Query'],
  ScanCommand: ['dynamodb:Scan'],
  PutCommand: ['dynamodb:PutItem'],
  PutItemCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  UpdateItemCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  DeleteItemCommand: ['dynamodb:DeleteItem'],
  BatchWriteCommand: ['dynamodb:BatchWriteItem'],
  BatchWriteItemCommand: ['dynamodb:BatchWriteItem'],
};
const TRANSACT_WRITE = new Set(['TransactWriteCommand', 'TransactWriteItemsCommand']);
const TRANSACT_ITEM_ACTIONS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

const DYNAMO_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@aws-sdk\/(?:lib|client)-dynamodb['"]/g;

export interface DynamoUsage {
  actions: string[];
  /** The code names an index (IndexName) somewhere. */
  queriesIndex: boolean;
  /** Commands imported from the SDK that the map above does not know: add them. */
  unknownCommands: string[];
}

export function dynamoUsage(files: string[]): DynamoUsage {
  const actions = new Set<string>();
  const unknownCommands = new Set<string>();
  let queriesIndex = false;
  for (const file of files) {
    const source = readFileSync(join(REPO_ROOT, file), 'utf8');
    const imported = [...source.matchAll(DYNAMO_IMPORT)].flatMap((m) =>
      (m[1] as string)
        .split(',')
        .map(
          (name) =>
            name
              .replace(/^\s*type\s+/, '')
              .split(/\s+as\s+/)[0]
              ?.trim() ?? '',
        )
        .filter((name) => name.endsWith('Command')),
    );
    // Items built for a transaction that another file sends (balance-transaction.ts's TransactItem).
    if (/\bTransactItem\b/.test(source) && !imported.some((c) => TRANSACT_WRITE.has(c))) {
      for (const m of source.matchAll(/\b(Put|Update|Delete|ConditionCheck)\s*:\s*\{/g))
        actions.add(TRANSACT_ITEM_ACTIONS[m[1] as string] as string);
    }
    for (const command of imported) {
      if (TRANSACT_WRITE.has(command)) {
        for (const m of source.matchAll(/\b(Put|Update|Delete|ConditionCheck)\s*:\s*\{/g))
          actions.add(TRANSACT_ITEM_ACTIONS[m[1] as string] as string);
      } else if (COMMAND_ACTIONS[command]) {
        for (const a of COMMAND_ACTIONS[command]) actions.add(a);
      } else unknownCommands.add(command);
    }
    if (imported.length && /\bIndexName\s*:/.test(source)) queriesIndex = true;
  }
  return { actions: [...actions].sort(), queriesIndex, unknownCommands: [...unknownCommands] };
}
