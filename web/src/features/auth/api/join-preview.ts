// What an invitation's code opens, for the sign-in pages' join note (components/join-note.tsx): the team's
// name and the address or domains to sign up with. Asked once per code; a code that is none, or any other
// failure, is no preview (the join page says why after the sign-in).
import type { JoinPreview } from '#shared/api-schemas.ts';
import { api } from '../../../lib/api-client.ts';

const previews = new Map<string, Promise<JoinPreview | null>>();

export function previewJoinCode(code: string): Promise<JoinPreview | null> {
  let pending = previews.get(code);
  if (!pending) {
    pending = api('joinPreview', { params: { code } }).catch(() => null);
    previews.set(code, pending);
  }
  return pending;
}
