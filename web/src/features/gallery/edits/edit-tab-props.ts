// What every tab of the edit panel (edit-panel.tsx) is given: the panel's state and its dispatch.
import type { Dispatch } from 'react';
import type { EditAction, EditState } from './edit-panel-state.ts';

export interface EditTabProps {
  state: EditState;
  dispatch: Dispatch<EditAction>;
}
