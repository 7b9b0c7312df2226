// Stripe's request encoding: application/x-www-form-urlencoded with brackets for nesting
// (`line_items[0][price]=price_x`, `metadata[user_id]=u`), as stripe-node sends it.
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Params = { [key: string]: FormValue };

export function decodeForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, FormValue> = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= {};
      node = node[segment] as Record<string, FormValue>;
    });
  }
  return arraysFromIndexes(root) as Params;
}

/** `{ '0': a, '1': b }` becomes `[a, b]`, at every depth. */
function arraysFromIndexes(v: FormValue): FormValue {
  if (typeof v === 'string' || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  const mapped = Object.fromEntries(keys.map((k) => [k, arraysFromIndexes(v[k] as FormValue)]));
  if (keys.length && keys.every((k, i) => String(i) === k)) return keys.map((k) => mapped[k] as FormValue);
  return mapped;
}

export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const obj = (v: FormValue | undefined): Record<string, FormValue> =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : {};
export const list = (v: FormValue | undefined): FormValue[] => (Array.isArray(v) ? v : []);
export const metadataOf = (v: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(v)).filter((e): e is [string, string] => typeof e[1] === 'string'));
