// The styles catalogue: what the create screen lists, and how the table is seeded and numbered.
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import { seedStyleCatalogue } from '../../functions/styles/domain/seed.ts';
import { fromCatalogue, type NewStyle } from '../../functions/styles/domain/style.ts';
import { DynamoStyleStore } from '../../functions/styles/dynamodb/style-store.ts';
import { ensureTable } from '../../infra/local/dynamodb.ts';
import { activatedUser, callRoute, stack } from '../support/api.ts';

const db = () => createDocumentClient(stack().dynamoEndpoint);
let client: ReturnType<typeof db>;
beforeAll(() => {
  client = db();
});
afterAll(() => client.destroy());

/** A table of its own, so seeding and numbering start from nothing. */
async function freshStore(): Promise<{ store: DynamoStyleStore; table: string }> {
  const table = `styles-${randomUUID().slice(0, 8)}`;
  await ensureTable(stack().dynamoEndpoint, table);
  return { store: new DynamoStyleStore(client, table), table };
}

const sample = (over: Partial<NewStyle> = {}): NewStyle => ({
  ...fromCatalogue(STYLE_CATALOGUE[0] as (typeof STYLE_CATALOGUE)[number]),
  key: null,
  name: `Test style ${randomUUID().slice(0, 6)}`,
  // Not the catalogue's French name: a style this file adds to the shared table must not show as a second
  // "Portrait studio" on the French Create screen of the browser tests.
  translations: {},
  ...over,
});

describe('GET /aivatar/styles', () => {
  it('lists the seeded catalogue to a signed-in user, in id order, with prices, previews and French names', async () => {
    const { token } = await activatedUser();
    const res = await callRoute('listStyles', { token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const styles = res.body.styles;
    expect(styles.length).toBeGreaterThanOrEqual(25);
    expect(styles.map((s) => s.id)).toEqual([...styles.map((s) => s.id)].sort((a, b) => a - b));
    for (const c of STYLE_CATALOGUE) {
      const listed = styles.find((s) => s.name === c.text.en.name);
      expect(listed, c.key).toMatchObject({
        description: c.text.en.description,
        category: c.category,
        image_url: `/styles/${c.key}.webp`,
        token_cost: c.tokenCost,
        prompt: c.prompt,
        translations: { fr: c.text.fr },
      });
    }
  });
});

describe('the styles table', () => {
  it('is seeded once: a second seeding, even a concurrent one, adds nothing', async () => {
    const { store } = await freshStore();
    const [first, second] = await Promise.all([seedStyleCatalogue(store), seedStyleCatalogue(store)]);
    const keys = STYLE_CATALOGUE.map((s) => s.key);
    expect([...first.added, ...second.added].sort()).toEqual([...keys].sort());
    const styles = await store.listAll();
    expect(styles.map((s) => s.key).sort()).toEqual([...keys].sort());
    expect(await seedStyleCatalogue(store)).toEqual({ added: [], kept: keys });
  });

  it('numbers styles in catalogue order, and never brings back a seeded style an admin deleted', async () => {
    const { store, table } = await freshStore();
    await seedStyleCatalogue(store);
    const seeded = await store.listAll();
    expect(seeded.map((s) => [s.id, s.key])).toEqual(STYLE_CATALOGUE.map((c, i) => [i + 1, c.key]));
    const gone = seeded[0];
    await client.send(
      new DeleteCommand({
        TableName: table,
        Key: { pk: 'STYLE', sk: `STYLE#${String(gone?.id).padStart(10, '0')}` },
      }),
    );
    const again = await seedStyleCatalogue(store);
    expect(again.added).toEqual([]);
    expect((await store.listAll()).map((s) => s.key)).not.toContain(gone?.key);
  });

  it('gives every new style its own id from the counter, even when created at the same time', async () => {
    const { store } = await freshStore();
    const created = await Promise.all(Array.from({ length: 20 }, () => store.create(sample())));
    expect(new Set(created.map((s) => s.id)).size).toBe(20);
    expect(created.map((s) => s.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(await store.get(created[0]?.id as number)).toEqual(created[0]);
    expect(await store.get(999)).toBeNull();
  });
});
