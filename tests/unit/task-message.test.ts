import { describe, expect, it } from 'vitest';
import { decodeTaskMessage, encodeTaskMessage } from '../../functions/generation/domain/task-queue.ts';

describe('the task message', () => {
  it('carries the task id and its owner, and nothing else', () => {
    const body = encodeTaskMessage({ taskId: 'T1', userId: 'U1' });
    expect(JSON.parse(body)).toEqual({ v: 1, task_id: 'T1', user_id: 'U1' });
    expect(decodeTaskMessage(body)).toEqual({ taskId: 'T1', userId: 'U1' });
  });

  it('is refused when it is not one of ours (a poison message)', () => {
    for (const body of [
      '',
      'not json',
      'null',
      '[]',
      '{"v":2,"task_id":"T1","user_id":"U1"}',
      '{"v":1,"task_id":"T1"}',
      '{"v":1,"task_id":"../x","user_id":"U1"}',
      '{"v":1,"task_id":"T1","user_id":42}',
    ]) {
      expect(decodeTaskMessage(body), body).toBeNull();
    }
  });
});
