import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock, Ids } from './domain/ports.ts';

export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };

export const cryptoIds: Ids = {
  newId: () => randomUUID(),
  // 256 bits
  newSecret: () => randomBytes(32).toString('base64url'),
  hashSecret: (secret) => createHash('sha256').update(secret).digest('hex'),
};
