// A translated sentence with links inside: the translation names each link's place with {{name}}.
import { Fragment, type ReactNode } from 'react';

const MARK = '\u0000';

/** `t(key, marks(names))` keeps each {{name}} as a marker; `withLinks` then puts the nodes in their place. */
export const marks = (names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((n) => [n, `${MARK}${n}${MARK}`]));

export function withLinks(text: string, nodes: Record<string, ReactNode>): ReactNode {
  return text.split(MARK).map((part, i) =>
    // Odd parts are marker names.
    i % 2 === 1 ? <Fragment key={part}>{nodes[part]}</Fragment> : part,
  );
}
