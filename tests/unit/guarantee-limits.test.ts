// The likeness guarantee's limits as rules (docs/faces.md, "The guarantee"): a render from photos that may
// show someone else is not covered, the account's refund share needs a few renders before it means anything,
// a refunded avatar is withheld until kept, and the data export leaves a withheld avatar's pixels out (its
// record stays). The transactions behind them are in tests/integration/withheld-avatars.test.ts.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_SHARE_MIN_MEASURED,
  accountRefundShare,
  coveredBy,
  usesSomeoneElse,
} from '../../functions/generation/domain/likeness.ts';
import { isWithheld, type TaskLikeness } from '../../functions/generation/domain/tasks.ts';
import type { PhotoRecord } from '../../functions/photos/domain/ports.ts';
import { archivePathOf, withheldAvatarPaths } from '../../functions/privacy/domain/export-contents.ts';

/** A photo whose face descriptor is `at` along the first axis: faces 0.8 apart are different people. */
const photo = (filename: string, at: number): PhotoRecord => ({
  filename,
  originalName: filename,
  size: 1,
  contentType: 'image/jpeg',
  width: 1,
  height: 1,
  hints: [],
  face: {
    box: { x: 0, y: 0, width: 1, height: 1 },
    eyes: { left: { x: 0, y: 0 }, right: { x: 1, y: 0 } },
    sharpness: 100,
    descriptor: [at, ...Array(127).fill(0)],
  },
  uploadedAt: 1,
  expiresAt: 2,
});

describe('photos that may show someone else', () => {
  const me = [photo('me-1', 0), photo('me-2', 0.1), photo('me-3', 0.2)];
  const friend = photo('friend', 0.9);

  it('take the render out of the guarantee when one of them was sent, not when it stayed home', () => {
    expect(usesSomeoneElse([...me, friend], ['me-1', 'friend'])).toBe(true);
    expect(usesSomeoneElse([...me, friend], ['me-1', 'me-2'])).toBe(false);
    expect(usesSomeoneElse(me, ['me-1', 'me-2', 'me-3'])).toBe(false);
  });

  it('turn a refund into a charge that says why; a render over the threshold is left as it was', () => {
    expect(coveredBy({ score: 20, refund: true }, true)).toEqual({
      score: 20,
      refund: false,
      notRefunded: 'someone-else',
    });
    expect(coveredBy({ score: null, refund: true }, false)).toEqual({ score: null, refund: true });
    expect(coveredBy({ score: 90, refund: false }, true)).toEqual({ score: 90, refund: false });
    expect(coveredBy(null, true)).toBeNull();
  });
});

describe("an account's refund share", () => {
  it(`is a percent once it had ${ACCOUNT_SHARE_MIN_MEASURED} avatars measured that day, and nothing before`, () => {
    expect(accountRefundShare(null)).toBeNull();
    expect(accountRefundShare({ measured: ACCOUNT_SHARE_MIN_MEASURED - 1, refunds: 4 })).toBeNull();
    expect(accountRefundShare({ measured: ACCOUNT_SHARE_MIN_MEASURED, refunds: 4 })).toBe(80);
    expect(accountRefundShare({ measured: 11, refunds: 10 })).toBe(91);
  });
});

describe('a withheld avatar', () => {
  const likeness = (l: Partial<TaskLikeness>): TaskLikeness => ({
    score: 20,
    refunded: true,
    keptAt: null,
    notRefunded: null,
    preview: true,
    ...l,
  });

  it('is a finished one the guarantee refunded and its owner has not kept', () => {
    expect(isWithheld({ status: 'DONE', likeness: likeness({}) })).toBe(true);
    expect(isWithheld({ status: 'DONE', likeness: likeness({ keptAt: 5 }) })).toBe(false);
    expect(isWithheld({ status: 'DONE', likeness: likeness({ refunded: false }) })).toBe(false);
    expect(isWithheld({ status: 'DONE', likeness: null })).toBe(false);
    expect(isWithheld({ status: 'ERROR', likeness: likeness({}) })).toBe(false);
  });

  it("is not in the data export's files, though its record is", () => {
    const user = 'u1';
    const task = (id: string, more: Record<string, unknown>) => ({
      pk: `USER#${user}`,
      sk: `TASK#${id}`,
      status: 'DONE',
      result_file: `style_${id}.png`,
      ...more,
    });
    const withheld = withheldAvatarPaths([
      task('a', { likeness: 20, likeness_refunded: true }),
      task('b', { likeness: 20, likeness_refunded: true, kept_at: 5 }),
      task('c', { likeness: 90, likeness_refunded: false }),
      task('d', {}),
    ]);
    expect([...withheld]).toEqual([archivePathOf(`results/${user}/style_a.png`, user)]);
  });
});
