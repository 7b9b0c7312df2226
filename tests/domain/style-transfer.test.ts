// Style import and export (functions/styles/domain/style-transfer.ts) and the admin's style pictures
// (style-images.ts) against the in-memory ports. The lease against DynamoDB, the multipart form and the real
// decoder stay in tests/integration/admin-style-transfer.test.ts and admin-style-images.test.ts.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { STYLE_IMPORT_LIMITS } from '#shared/admin-style-rules.ts';
import { ADMIN_STYLE_DEFAULTS } from '../../functions/styles/domain/admin-styles.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import type { StyleImageFiles } from '../../functions/styles/domain/ports.ts';
import { fromCatalogue } from '../../functions/styles/domain/style.ts';
import {
  confirmStyleImage,
  STYLE_IMAGE_MESSAGES,
  styleImage,
  styleImageTarget,
} from '../../functions/styles/domain/style-images.ts';
import { exportStyles, importStyles } from '../../functions/styles/domain/style-transfer.ts';
import {
  FakeAdminStyleStore,
  FakeClock,
  FakeIds,
  FakePhotoFiles,
  FakePhotoImages,
  fakePhoto,
} from '../support/fakes/index.ts';

const admin = { id: 'admin-1', email: 'admin@example.test' } as User;

function world() {
  const styles = new FakeAdminStyleStore();
  return { styles, deps: { styles, clock: new FakeClock(1_800_000_000), ids: new FakeIds() } };
}

let n = 0;
const entry = (fields: Record<string, unknown> = {}) => ({
  name: `Style ${++n}`,
  category: 'Tests',
  prompt: 'A portrait.',
  description: '',
  image_url: '',
  token_cost: 2,
  is_active: true,
  format: 'square',
  ...fields,
});
const file = (content: unknown) => ({ name: 'styles.json', bytes: Buffer.from(JSON.stringify(content)) });

describe('style import', () => {
  it('adds the valid entries, skips invalid ones with their reason in French, and reports both', async () => {
    const w = world();
    const good = [entry(), entry({ token_cost: undefined, is_active: undefined, format: undefined })];
    const res = await importStyles(
      w.deps,
      admin,
      file([
        good[0],
        entry({ name: '   ' }),
        entry({ token_cost: 0 }),
        'not a style',
        good[1],
        entry({ format: 'landscape' }),
      ]),
    );
    expect(res).toMatchObject({ added: 2, skipped: 4 });
    expect(res.skipped_entries?.map((e) => [e.index, e.reason])).toEqual([
      [1, 'Le nom est requis.'],
      [2, 'Le coût doit être au moins de 1.'],
      [3, "L'entrée doit être un objet style."],
      [5, 'Le format doit être square ou portrait.'],
    ]);
    const added = await w.styles.listAll();
    expect(added.map((s) => [s.id, s.name, s.tokenCost, s.isActive, s.format])).toEqual([
      [1, good[0]?.name, 2, true, 'square'],
      [2, good[1]?.name, 1, true, 'square'],
    ]);
    expect((await w.styles.auditLog(1))[0]).toMatchObject({
      action: 'import',
      added: 2,
      skipped: 4,
      actor: admin,
    });
  });

  it('skips duplicates of existing styles and within the file, by name and category (any case)', async () => {
    const w = world();
    const existing = entry();
    expect((await importStyles(w.deps, admin, file([existing]))).added).toBe(1);
    const twin = entry();
    const res = await importStyles(
      w.deps,
      admin,
      file([
        { ...existing, name: existing.name.toUpperCase(), prompt: 'another prompt' },
        { ...existing, category: 'Another category' },
        twin,
        { ...twin, name: ` ${twin.name} ` },
      ]),
    );
    expect(res).toMatchObject({ added: 2, skipped: 2 });
    expect(res.skipped_entries?.map((e) => e.index)).toEqual([0, 3]);
    expect(res.skipped_entries?.[0]?.reason).toBe(
      `Un style « ${existing.name.toUpperCase()} » existe déjà dans la catégorie « Tests ».`,
    );
  });

  it('adds each style once when the same file is imported several times at once', async () => {
    const w = world();
    const same = file(Array.from({ length: 5 }, () => entry()));
    const results = await Promise.all([1, 2, 3].map(() => importStyles(w.deps, admin, same)));
    expect(results.map((r) => r.added).sort()).toEqual([0, 0, 5]);
    expect(await w.styles.listAll()).toHaveLength(5);
  });

  it('says another import is in progress when the lease does not come free in time', async () => {
    const w = world();
    w.styles.waitMs = 20;
    let release = () => {};
    const holding = w.styles.whileImporting(() => new Promise<void>((r) => (release = r)));
    await expect(importStyles(w.deps, admin, file([entry()]))).rejects.toMatchObject({
      code: 'IMPORT_IN_PROGRESS',
      message: 'Un autre import est en cours. Réessayez dans quelques secondes.',
    });
    release();
    await holding;
    expect((await importStyles(w.deps, admin, file([entry()]))).added).toBe(1);
  });

  it('refuses a missing, empty, oversized, non-JSON or non-list file, and a list over the count limit, writing nothing', async () => {
    const w = world();
    const cases: [{ name: string; bytes: Uint8Array } | null, string, string][] = [
      [null, 'VALIDATION_FAILED', 'Aucun fichier reçu : choisissez un fichier .json.'],
      [
        { name: 'x.json', bytes: new Uint8Array() },
        'VALIDATION_FAILED',
        'Aucun fichier reçu : choisissez un fichier .json.',
      ],
      [
        file([entry({ description: 'x'.repeat(STYLE_IMPORT_LIMITS.maxBytes) })]),
        'PAYLOAD_TOO_LARGE',
        'Le fichier dépasse 512 Ko : importez les styles en plusieurs fichiers.',
      ],
      [
        { name: 'x.json', bytes: Buffer.from('[{') },
        'VALIDATION_FAILED',
        "Le fichier n'est pas un JSON valide.",
      ],
      [
        file({ styles: [] }),
        'VALIDATION_FAILED',
        'Le fichier doit contenir une liste de styles (un tableau JSON).',
      ],
      [
        file(Array.from({ length: 100 }, () => entry())),
        'VALIDATION_FAILED',
        'Le fichier contient 100 styles ; un import en accepte au plus 99.',
      ],
    ];
    for (const [f, code, message] of cases) {
      await expect(importStyles(w.deps, admin, f), message).rejects.toMatchObject({ code, message });
    }
    expect(await w.styles.listAll()).toEqual([]);
    // A byte-order mark is not an error; 99 entries go in at once.
    const bom = Buffer.concat([
      Buffer.from('\uFEFF'),
      Buffer.from(JSON.stringify(Array.from({ length: 99 }, () => entry()))),
    ]);
    expect(await importStyles(w.deps, admin, { name: 'x.json', bytes: bom })).toMatchObject({
      added: 99,
      skipped: 0,
    });
  });
});

describe('style export', () => {
  it('re-imports into an empty catalogue as the same catalogue, catalogue looks included', async () => {
    const w = world();
    const seeded = STYLE_CATALOGUE.slice(0, 12).map(fromCatalogue);
    await w.styles.importAudited(
      seeded,
      { id: 'seed', at: 1, actor: { id: 'x', email: 'x@example.test' } },
      0,
    );
    await w.styles.createAudited(
      {
        ...seeded[0],
        key: null,
        name: 'Custom',
        translations: {},
        acceptsChoices: true,
      } as (typeof seeded)[0],
      { id: 'c', at: 2, actor: { id: 'x', email: 'x@example.test' } },
    );
    const exported = await exportStyles(w.deps);
    expect(exported).toHaveLength(13);
    const fresh = world();
    const res = await importStyles(fresh.deps, admin, file(exported));
    expect(res).toMatchObject({ added: 13, skipped: 0 });
    expect(JSON.parse(JSON.stringify(await exportStyles(fresh.deps)))).toEqual(
      JSON.parse(JSON.stringify(exported)),
    );
    const before = await w.styles.listAll();
    const after = await fresh.styles.listAll();
    // The catalogue's styles keep their look; a style of an admin's gets the default one.
    expect(after.slice(0, 12).map((s) => s.recipe)).toEqual(before.slice(0, 12).map((s) => s.recipe));
    expect(after[12]?.recipe).toEqual(ADMIN_STYLE_DEFAULTS.recipe);
  });
});

describe('style pictures', () => {
  function pictures() {
    const photoFiles = new FakePhotoFiles();
    const saved = new Map<string, Uint8Array>();
    const files: StyleImageFiles = {
      uploads: photoFiles,
      save: async (filename, image) => {
        saved.set(filename, image);
      },
      read: async (filename) => {
        const bytes = saved.get(filename);
        return bytes ? { bytes, contentType: 'image/jpeg' } : null;
      },
    };
    return { photoFiles, saved, deps: { files, images: new FakePhotoImages(), ids: new FakeIds() } };
  }

  it('are uploaded, checked and kept re-encoded under a name of their own, at most 1024 px, and served by that name', async () => {
    const p = pictures();
    const target = await styleImageTarget(p.deps, admin, { type: 'image/png', size: 1000 });
    expect(target).toMatchObject({ id: expect.stringMatching(/^style_[0-9a-f]{16}$/), expires_in: 300 });
    p.photoFiles.upload(admin.id, target.id, fakePhoto({ width: 3000, height: 2000 }));
    const kept = await confirmStyleImage(p.deps, admin, target.id);
    expect(kept).toEqual({
      path: expect.stringMatching(/^\/style-images\/style_[0-9a-f]{16}\.jpg$/),
      width: 1024,
      height: 683,
    });
    expect(kept.path).not.toContain(target.id);
    expect(p.photoFiles.hasUpload(admin.id, target.id)).toBe(false);
    const name = kept.path.slice('/style-images/'.length);
    expect((await styleImage(p.deps, name)).contentType).toBe('image/jpeg');
  });

  it('refuse a file too large, not an image, too small or too big in pixels, and an unknown upload, in French', async () => {
    const p = pictures();
    await expect(
      styleImageTarget(p.deps, admin, { type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 }),
    ).rejects.toMatchObject({
      message: "L'image dépasse 10 Mo.",
    });
    const cases: [Uint8Array, string][] = [
      [Buffer.from('plain text'), STYLE_IMAGE_MESSAGES.notAnImage],
      [new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]), STYLE_IMAGE_MESSAGES.notAnImage],
      [
        fakePhoto({ width: 300, height: 255 }),
        "L'image est trop petite : au moins 256 px sur son petit côté.",
      ],
      [fakePhoto({ width: 8000, height: 6000 }), "L'image est trop grande : au plus 40 mégapixels."],
      [new Uint8Array(10 * 1024 * 1024 + 1), "L'image dépasse 10 Mo."],
    ];
    for (const [bytes, message] of cases) {
      const { id } = await styleImageTarget(p.deps, admin, { type: 'image/jpeg', size: 10 });
      p.photoFiles.upload(admin.id, id, bytes);
      await expect(confirmStyleImage(p.deps, admin, id), message).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
      });
      // Discarded whatever the verdict.
      expect(p.photoFiles.hasUpload(admin.id, id)).toBe(false);
    }
    for (const id of ['style_0123456789abcdef', '../etc', 'STYLE_0123456789ABCDEF']) {
      await expect(confirmStyleImage(p.deps, admin, id), id).rejects.toMatchObject({
        message: "L'image n'est pas arrivée, ou son envoi a expiré. Envoyez-la de nouveau.",
      });
    }
    expect(p.saved.size).toBe(0);
  });

  it("answer 'Image introuvable.' for names that are not ours", async () => {
    const p = pictures();
    for (const name of ['../secret.jpg', 'style_0123456789abcdef.jpg', 'x.png', '']) {
      await expect(styleImage(p.deps, name), name).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Image introuvable.',
      });
    }
  });
});
