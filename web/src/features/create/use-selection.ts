// The styles, backdrops and outfits picked on Create (create-page.tsx), and the team combination picked. The
// picks survive a language switch and a reload (kept-selection.ts): those kept for this account come back
// once it is known, beside a ?style one, and each change is kept from then on.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { StyleChoices } from '#shared/style-choices.ts';
import { keepSelection, readKeptSelection } from './kept-selection.ts';

const preselected = (id: string | null): number[] => (id && /^[1-9]\d{0,9}$/.test(id) ? [Number(id)] : []);

/** `account`: the signed-in user's email, null until known. */
export function useSelection(account: string | null) {
  // ?style=<id> starts with that style picked (a link to one style).
  const [params] = useSearchParams();
  const [selectedIds, setSelectedIds] = useState<number[]>(() => preselected(params.get('style')));
  const [ownChoices, setChoices] = useState<StyleChoices>({ backdrops: [], outfits: [] });
  const [pickedCombo, setPickedCombo] = useState<string | null>(null);
  const restoredFor = useRef<string | null>(null);
  useEffect(() => {
    if (!account || restoredFor.current === account) return;
    restoredFor.current = account;
    const kept = readKeptSelection(account);
    if (!kept) return;
    setSelectedIds((ids) => [...kept.styleIds, ...ids.filter((id) => !kept.styleIds.includes(id))]);
    setChoices(kept.choices);
    setPickedCombo(kept.combo);
  }, [account]);
  useEffect(() => {
    if (account && restoredFor.current === account)
      keepSelection(account, { styleIds: selectedIds, choices: ownChoices, combo: pickedCombo });
  }, [account, selectedIds, ownChoices, pickedCombo]);
  return { selectedIds, setSelectedIds, ownChoices, setChoices, pickedCombo, setPickedCombo };
}
