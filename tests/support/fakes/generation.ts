// Generation and privacy wired over the fakes, the way functions/{generation,privacy}/wiring.ts
// wire the adapters: one account store, one task store, one media bucket (results, photos' copies,
// exports) for everything a test drives.

import type { BusinessMetric, Metrics } from '#platform/domain/metrics.ts';
import type { User } from '#platform/domain/ports.ts';
import { DEFAULT_PROVIDER_BUDGET, type ProviderBudgetLimits } from '#platform/domain/provider-limits.ts';
import { PHOTO_CONSENT_VERSION } from '#shared/photo-rules.ts';
import type { AbandonDeps } from '../../../functions/generation/domain/abandoned-tasks.ts';
import type { CreateDeps } from '../../../functions/generation/domain/create-batch.ts';
import type { GalleryDeps } from '../../../functions/generation/domain/gallery.ts';
import type { WorkerDeps } from '../../../functions/generation/domain/worker.ts';
import { newUploadId, photoFilename } from '../../../functions/photos/domain/photo-names.ts';
import type { PrivacyJobDeps, PrivacyRequestDeps } from '../../../functions/privacy/domain/ports.ts';
import { STYLE_CATALOGUE } from '../../../functions/styles/domain/catalogue/index.ts';
import { fromCatalogue, type Style } from '../../../functions/styles/domain/style.ts';
import type { StyleReader } from '../../../functions/styles/domain/style-store.ts';
import { FakeAccountStore } from './account-store.ts';
import { FakeClock } from './clock.ts';
import { FakeIds } from './ids.ts';
import { FakeImageProvider } from './image-provider.ts';
import { descriptorOf, FakeFaceAnalyzer, fakePhoto } from './images.ts';
import { recordingLog, WEB_URL } from './index.ts';
import { FakeMailer } from './mailer.ts';
import { FakePasswordHasher } from './passwords.ts';
import { FakePhotoFiles } from './photo-files.ts';
import { FakePhotoStore } from './photo-store.ts';
import {
  FakePaymentCustomers,
  FakePersonalData,
  FakePersonalFiles,
  FakePrivacyJobQueue,
  FakePrivacyJobs,
} from './privacy.ts';
import { FakeProviderBudget } from './provider-budget.ts';
import { FakeRateLimiter } from './rate-limiter.ts';
import { type FakeBucket, FakeResultFiles, FakeResultImages } from './result-files.ts';
import { FakeTaskQueue } from './task-queue.ts';
import { FakeTaskDurations, FakeTaskStore } from './task-store.ts';

/** The styles of the catalogue, ids 1, 2, 3... in its order; `styles.set` changes one. */
export class FakeStyles implements StyleReader {
  readonly styles = new Map<number, Style>();

  constructor(now: number) {
    for (const [i, c] of STYLE_CATALOGUE.entries())
      this.styles.set(i + 1, { ...fromCatalogue(c), id: i + 1, createdAt: now, updatedAt: now });
  }

  async listAll(): Promise<Style[]> {
    return [...this.styles.values()].map((s) => structuredClone(s));
  }

  async get(id: number): Promise<Style | null> {
    const s = this.styles.get(id);
    return s ? structuredClone(s) : null;
  }

  async getMany(ids: readonly number[]): Promise<Style[]> {
    return ids.flatMap((id) => {
      const s = this.styles.get(id);
      return s ? [structuredClone(s)] : [];
    });
  }

  /** The first style that does (or does not) accept a backdrop and outfit choice. */
  pick(acceptsChoices: boolean): Style {
    const s = [...this.styles.values()].find((x) => x.acceptsChoices === acceptsChoices);
    if (!s) throw new Error('no such style in the catalogue');
    return structuredClone(s);
  }
}

/** Metrics that keep what was recorded. */
export function recordingMetrics(): Metrics & { values: Partial<Record<BusinessMetric, number[]>> } {
  const values: Partial<Record<BusinessMetric, number[]>> = {};
  return {
    values,
    record: (name, value = 1) => {
      values[name] = [...(values[name] ?? []), value];
    },
  };
}

export function fakeGeneration(o: { start?: number; limits?: ProviderBudgetLimits } = {}) {
  const clock = new FakeClock(o.start ?? 1_767_225_600); // 2026-01-01T00:00:00Z
  const accounts = new FakeAccountStore(clock);
  const jobs = new FakePrivacyJobs(accounts);
  const users = jobs.users();
  const tasks = new FakeTaskStore(accounts);
  const bucket: FakeBucket = new Map();
  const results = new FakeResultFiles(bucket);
  const images = new FakeResultImages();
  const photoStore = new FakePhotoStore(accounts);
  const photoFiles = new FakePhotoFiles();
  const queue = new FakeTaskQueue();
  const ids = new FakeIds();
  const log = recordingLog();
  const metrics = recordingMetrics();
  const mailer = new FakeMailer();
  const styles = new FakeStyles(clock.now());
  const budgetStore = new FakeProviderBudget();
  const limiter = new FakeRateLimiter(clock);
  const durations = new FakeTaskDurations();
  const provider = new FakeImageProvider();
  const faces = new FakeFaceAnalyzer();
  const budget = { store: budgetStore, clock, metrics, limits: o.limits ?? DEFAULT_PROVIDER_BUDGET };
  const create: CreateDeps = { styles, tasks, photos: photoStore, queue, clock, ids, log, budget };
  const finish = {
    tasks,
    users,
    mailer,
    photoStore,
    photoFiles,
    clock,
    webUrl: WEB_URL,
    metrics,
    log,
  };
  const worker: WorkerDeps = {
    ...finish,
    tasks,
    provider,
    photoStore,
    photoFiles,
    results,
    images,
    ids,
    log,
    faces,
    likenessGuarantee: 60,
    durations,
    retryDelaySeconds: 10,
  };
  const abandon: AbandonDeps & { deadlines: FakeTaskStore } = { ...finish, tasks, ids, deadlines: tasks };
  const gallery: GalleryDeps = { tasks, results, images, photos: photoStore, clock, limiter, durations };

  let users_ = 0;
  /** An active account with tokens, consent and `photos` reference photos of "ada" (or the people given). */
  async function user(
    fields: Partial<User> = {},
    photos: (string | null)[] = ['ada', 'ada', 'ada'],
  ): Promise<User> {
    users_ += 1;
    const u = accounts.seedActive({
      id: `user-${users_}`,
      email: `user${users_}@example.test`,
      tokensLtd: 100,
      photoConsent: {
        processing: true,
        rights: true,
        version: PHOTO_CONSENT_VERSION,
        updatedAt: clock.now(),
      },
      ...fields,
    });
    for (const [i, person] of photos.entries()) await addPhoto(u.id, person, i);
    return accounts.peek(u.id) as User;
  }

  /**
   * A reference photo (its record and file) of `person`; null: recorded before the face check. `shows`: who the
   * file's pixels show, when not the person its record measured (the provider's fake draws from the pixels).
   */
  async function addPhoto(userId: string, person: string | null, i = 0, shows?: string): Promise<string> {
    const filename = photoFilename(
      newUploadId(`photo ${i}.jpg`, `${String(i).padStart(4, '0')}${'a'.repeat(12)}`),
    );
    const face = person
      ? {
          box: { x: 0.3, y: 0.2, width: 0.3, height: 0.4 },
          eyes: { left: { x: 0.4, y: 0.3 }, right: { x: 0.5, y: 0.3 } },
          sharpness: 200,
          descriptor: descriptorOf(person),
        }
      : null;
    await photoStore.add(
      userId,
      {
        filename,
        originalName: `photo ${i}.jpg`,
        size: 1000,
        contentType: 'image/jpeg',
        width: 1600,
        height: 1200,
        hints: [],
        face,
        uploadedAt: clock.now() - 100 + i,
        expiresAt: clock.now() + 30 * 86_400,
      },
      20,
      clock.now(),
    );
    await photoFiles.save(
      userId,
      filename,
      fakePhoto({ faces: [{ person: shows ?? person ?? 'ada' }] }),
      new Uint8Array(10),
    );
    return filename;
  }

  return {
    clock,
    accounts,
    users,
    jobs,
    tasks,
    bucket,
    results,
    images,
    photoStore,
    photoFiles,
    queue,
    ids,
    log,
    metrics,
    mailer,
    styles,
    budgetStore,
    limiter,
    durations,
    provider,
    faces,
    create,
    worker,
    abandon,
    gallery,
    user,
    addPhoto,
  };
}

/** The privacy requests and jobs over the fakes: one account store, one job store, one bucket. */
export function fakePrivacy(start = 1_767_225_600) {
  const clock = new FakeClock(start);
  const accounts = new FakeAccountStore(clock);
  const jobs = new FakePrivacyJobs(accounts);
  const data = new FakePersonalData();
  const bucket: FakeBucket = new Map();
  const files = new FakePersonalFiles(bucket);
  const customers = new FakePaymentCustomers();
  const queue = new FakePrivacyJobQueue();
  const mailer = new FakeMailer();
  const ids = new FakeIds();
  const metrics = recordingMetrics();
  const limiter = new FakeRateLimiter(clock);
  const hasher = new FakePasswordHasher();
  const requests: PrivacyRequestDeps = {
    jobs,
    codes: jobs,
    queue,
    files,
    mailer,
    hasher,
    limiter,
    clock,
    ids,
    metrics,
    webUrl: WEB_URL,
  };
  const run: PrivacyJobDeps = {
    jobs,
    data,
    eraser: data,
    files,
    customers,
    queue,
    mailer,
    clock,
    metrics,
    webUrl: WEB_URL,
  };
  return {
    clock,
    accounts,
    jobs,
    data,
    bucket,
    files,
    customers,
    queue,
    mailer,
    ids,
    metrics,
    limiter,
    hasher,
    requests,
    run,
  };
}
