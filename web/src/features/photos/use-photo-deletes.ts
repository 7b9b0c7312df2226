// Deleting a photo with Undo: the photo leaves the screen at once, and the server
// deletes it only when the undo window ends, so Undo simply forgets it and nothing is lost. Until then it
// still counts on the server: an upload started in the window sends the deletes first, so the photos the
// screen counts are the photos the server counts. Leaving the screen sends them at once; a tab closed in
// the window sends them as it goes (lib/photo-deletes.ts remembers them until the server has).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PhotoFile } from '#shared/api-schemas.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { deleteNow, forgetDelete, rememberDelete, sendAsThePageGoes } from '../../lib/photo-deletes.ts';
import { toast } from '../../lib/toasts.ts';
import { photosChanged, updatePhotoList } from './api/photo-list.ts';

/** How long Undo is offered. */
export const UNDO_WINDOW_MS = 8000;

export interface PendingDelete {
  photo: PhotoFile;
  dueAt: number;
}

export function usePhotoDeletes() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingDelete[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inWindow = useRef(new Map<string, PendingDelete>());

  const drop = useCallback((filename: string) => {
    clearTimeout(timers.current.get(filename));
    timers.current.delete(filename);
    inWindow.current.delete(filename);
    setPending((all) => all.filter((p) => p.photo.filename !== filename));
  }, []);

  /** The window is over (or cut short): the server deletes it now. */
  const send = useCallback(
    async (filename: string) => {
      if (!inWindow.current.has(filename)) return;
      drop(filename);
      updatePhotoList((l) => ({ ...l, files: l.files.filter((f) => f.filename !== filename) }));
      const outcome = await deleteNow(filename);
      forgetDelete(filename);
      if (outcome === 'failed') {
        // Still on the server: it comes back on screen, with the product's message.
        toast.error(t('photos.deleteFailed'));
        void photosChanged();
      }
    },
    [drop, t],
  );

  const start = useCallback(
    (photo: PhotoFile) => {
      const entry = { photo, dueAt: Date.now() + UNDO_WINDOW_MS };
      inWindow.current.set(photo.filename, entry);
      rememberDelete(photo.filename, entry.dueAt);
      timers.current.set(
        photo.filename,
        setTimeout(() => void send(photo.filename), UNDO_WINDOW_MS),
      );
      setPending((all) => [...all.filter((p) => p.photo.filename !== photo.filename), entry]);
    },
    [send],
  );

  const undo = useCallback(
    (filename: string) => {
      // Forgotten before anything is sent: an undone photo is never deleted.
      forgetDelete(filename);
      drop(filename);
    },
    [drop],
  );

  /** Every delete in its window, now (before an upload, or when the screen is left). */
  const sendAll = useCallback(
    () => Promise.all([...inWindow.current.keys()].map((f) => send(f))).then(() => undefined),
    [send],
  );

  useEffect(() => {
    const going = () => sendAsThePageGoes([...inWindow.current.keys()]);
    window.addEventListener('pagehide', going);
    return () => {
      window.removeEventListener('pagehide', going);
      void sendAll();
    };
  }, [sendAll]);

  return { pending, start, undo, sendAll, sendNow: send };
}
