// A stored task's summary, as the task list reads it (functions/generation/dynamodb/task-items.ts toSummary):
// the list checks its items by hand, and the verdicts must be the schema's. The schema's own reading is
// toTask (TaskItem.parse, of which the summary's schema is a part), so each variant of a stored item is read
// both ways: the summary must be the schema's summary, and an item the schema refuses must still throw its
// error (a malformed task fails loudly instead of reaching a screen).
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  faceLandmarksItem,
  SUMMARY_ATTRIBUTES,
  toSummary,
  toTask,
} from '../../functions/generation/dynamodb/task-items.ts';
import { DEFAULT_RECIPE } from '../../functions/styles/domain/render-recipe.ts';

/** A finished team avatar made by an edit, measured, starred: every summary attribute set. */
const stored = (): Record<string, unknown> => ({
  pk: 'USER#u1',
  sk: 'TASK#1700000000-0a0b0c0d0e0f',
  id: '1700000000-0a0b0c0d0e0f',
  user_id: 'u1',
  batch_id: 'b1',
  status: 'DONE',
  progress: 100,
  token_cost: 2,
  debit_subscription: 1,
  debit_ltd: 1,
  attempt: 1,
  lease_until: null,
  deadline_at: 1700000900,
  style_id: 7,
  style_name: 'Studio',
  slug: 'studio',
  prompt: 'a portrait',
  size: '1024x1536',
  quality: 'high',
  reference_count: 2,
  input_fidelity: 'high',
  recipe: DEFAULT_RECIPE,
  backdrop: 'office',
  outfit: 'suit',
  reference_files: ['a.jpg'],
  paid_by: 'team',
  team_id: 't1',
  team_member_id: 'm1',
  team_chosen_at: 1700000500,
  result_file: 'studio_1700000000-0a0b0c0d0e0f.jpg',
  reference_file: 'a.jpg',
  render_kind: 'ai',
  width: 1024,
  height: 1536,
  error_code: null,
  refunded: false,
  likeness: 0.42,
  likeness_refunded: true,
  likeness_not_refunded: 'daily-limit',
  likeness_preview: true,
  kept_at: 1700000600,
  face_box: { x: 0.2, y: 0.1, width: 0.5, height: 0.4 },
  face_landmarks: Array.from({ length: 136 }, (_, i) => (i % 2 ? 0.1 : 0.2) + i / 1000),
  favourite_at: 1700000700,
  generating_at: 1700000100,
  finishing_at: 1700000200,
  version: 2,
  edit_of: '1699999999-0a0b0c0d0e0f',
  root_id: '1699999999-0a0b0c0d0e0f',
  edit: { kind: 'backdrop', backdrop: 'plain-colour', colour: '#112233' },
  edit_count: 0,
  created_at: 1700000000,
  updated_at: 1700000800,
});

/** What the list's Query reads of it (its ProjectionExpression). */
const projected = (item: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(SUMMARY_ATTRIBUTES.filter((a) => a in item).map((a) => [a, item[a]]));

const outcome = (read: () => object): { summary: object } | { error: unknown } => {
  try {
    return { summary: read() };
  } catch (error) {
    return { error };
  }
};

/** Both readings of one stored item agree: the same summary, or both refuse it with the schema's error. */
function expectSameVerdict(item: Record<string, unknown>): 'read' | 'refused' {
  const bySchema = outcome(() => toTask(item));
  const byList = outcome(() => toSummary(projected(item)));
  if ('error' in bySchema) {
    expect(bySchema.error).toBeInstanceOf(z.core.$ZodError);
    expect(byList).toHaveProperty('error');
    expect((byList as { error: unknown }).error).toBeInstanceOf(z.core.$ZodError);
    return 'refused';
  }
  expect(byList).toHaveProperty('summary');
  const summary = (byList as { summary: Record<string, unknown> }).summary;
  const schemaTask = bySchema.summary as Record<string, unknown>;
  expect(Object.fromEntries(Object.keys(summary).map((k) => [k, schemaTask[k]]))).toEqual(summary);
  return 'read';
}

const with_ = (key: string, value: unknown, base = stored()): Record<string, unknown> => {
  const item = { ...base };
  if (value === undefined) delete item[key];
  else item[key] = value;
  return item;
};

// Values of every kind, the stored ones of each attribute among them.
const ANY = [undefined, null, 0, -1.5, 2, Number.NaN, Number.POSITIVE_INFINITY, '', 'x', true, false, [], {}];
const GOOD: Record<string, unknown[]> = {
  status: ['TODO', 'IN_PROGRESS', 'DONE', 'ERROR', 'done'],
  backdrop: ['studio-grey', 'plain-colour', 'beach'],
  outfit: ['keep-mine', 'tuxedo'],
  render_kind: ['ai', 'preview-render', 'photo'],
  error_code: ['refused', 'edit-unfit', 'other'],
  likeness_not_refunded: ['someone-else', 'daily-limit', 'other'],
  paid_by: ['tokens', 'team', 'card'],
  face_box: [
    { x: 0, y: 0, width: 1, height: 1 },
    { x: 0, y: 0, width: 1, height: 1, landmarks: [1, 2] },
    { x: 0, y: 0, width: 1 },
    { x: '0', y: 0, width: 1, height: 1 },
    { x: 0, y: 0, width: 1, height: Number.NaN },
  ],
  edit: [
    { kind: 'region', prompt: 'glasses' },
    { kind: 'framing', aspect: '4:5' },
    { kind: 'framing', aspect: '16:9' },
    { kind: 'retouch', level: 'light', mask: 'kept out' },
    { kind: 'retouch', level: 'strong' },
    { kind: 'outfit', outfit: 'suit' },
    { kind: 'outfit', outfit: 'cape' },
    { kind: 'backdrop', colour: 5 },
    { kind: 'crop' },
    { backdrop: 'office' },
  ],
};

describe('a stored task read for the list', () => {
  it('reads a complete item as the schema does', () => {
    expect(expectSameVerdict(stored())).toBe('read');
    const summary = toSummary(projected(stored()));
    expect(summary.faceBox).toEqual({ x: 0.2, y: 0.1, width: 0.5, height: 0.4 });
    expect(summary.edit?.spec).toEqual({ kind: 'backdrop', backdrop: 'plain-colour', colour: '#112233' });
  });

  it('reads a fresh item with none of the optional attributes as the schema does', () => {
    const required = ['id', 'user_id', 'batch_id', 'status', 'progress', 'token_cost', 'style_id'];
    const fresh = Object.fromEntries(
      Object.entries(stored()).filter(
        ([k]) =>
          !SUMMARY_ATTRIBUTES.includes(k as never) ||
          [...required, 'style_name', 'created_at', 'updated_at'].includes(k),
      ),
    );
    expect(expectSameVerdict({ ...fresh, status: 'TODO', progress: 0 })).toBe('read');
  });

  it('agrees with the schema on every value of every attribute, refusing what it refuses', () => {
    const verdicts = { read: 0, refused: 0 };
    for (const attribute of SUMMARY_ATTRIBUTES) {
      for (const value of [...ANY, ...(GOOD[attribute] ?? [])])
        verdicts[expectSameVerdict(with_(attribute, value))]++;
    }
    // Not an item that is not an object at all.
    for (const item of [null, 'item', 42, []]) {
      expect(() => toSummary(item)).toThrow(z.core.$ZodError);
    }
    expect(verdicts.read).toBeGreaterThan(100);
    expect(verdicts.refused).toBeGreaterThan(300);
  });

  it("leaves out the face's landmarks: the task's own reading has them, as points, 68 or refused", () => {
    expect(SUMMARY_ATTRIBUTES).not.toContain('face_landmarks');
    expect(toSummary(projected(stored()))).not.toHaveProperty('faceLandmarks');
    const landmarks = toTask(stored()).faceLandmarks;
    expect(landmarks).toHaveLength(68);
    expect(landmarks?.[1]).toEqual({ x: 0.2 + 2 / 1000, y: 0.1 + 3 / 1000 });
    expect(toTask(with_('face_landmarks', undefined)).faceLandmarks).toBeNull();
    for (const wrong of [[], [0.1, 0.2], Array(135).fill(0.1), Array(136).fill('0.1')])
      expect(() => toTask(with_('face_landmarks', wrong))).toThrow(z.core.$ZodError);
    // As the store writes them: x and y by turn, to four decimals.
    const points = Array.from({ length: 68 }, (_, i) => ({ x: 0.123456 + i / 100, y: 0.5 }));
    const written = faceLandmarksItem(points);
    expect(written.slice(0, 4)).toEqual([0.1235, 0.5, 0.1335, 0.5]);
    expect(toTask(with_('face_landmarks', written)).faceLandmarks?.[67]).toEqual({ x: 0.7935, y: 0.5 });
  });

  it("carries none of the stored face box's or edit's other fields", () => {
    const item = with_(
      'edit',
      { kind: 'region', prompt: 'hat', mask: 'x' },
      with_('face_box', { x: 0, y: 0, width: 1, height: 1, extra: 1 }),
    );
    expect(expectSameVerdict(item)).toBe('read');
    const summary = toSummary(projected(item));
    expect(summary.faceBox).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    expect(summary.edit?.spec).toEqual({ kind: 'region', prompt: 'hat' });
  });
});
