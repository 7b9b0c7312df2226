// The shape of a legal document's text, one per language. Prerendered only.
import type { ReactNode } from 'react';

export interface LegalSection {
  /** the anchor, the same in both languages */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalText {
  title: string;
  /** the ISO date the text last changed */
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}
