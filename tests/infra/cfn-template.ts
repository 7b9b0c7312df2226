// Reading a synthesized CloudFormation template: typed access, references between resources, and
// stand-in values for intrinsic functions.

export type Json = Record<string, unknown>;
export interface Resource {
  Type: string;
  Properties?: Json;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Metadata?: Json;
}

export const props = (r: Resource): Json => r.Properties ?? {};
export const at = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);

/** Logical ids a resource refers to (Ref, GetAtt, Sub, DependsOn): CloudFormation's creation order. */
export function references(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) references(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'Ref' && typeof v === 'string') into.add(v);
      else if (k === 'Fn::GetAtt')
        into.add(Array.isArray(v) ? String(v[0]) : (String(v).split('.')[0] ?? ''));
      else if (k === 'Fn::Sub') {
        const text = Array.isArray(v) ? String(v[0]) : String(v);
        for (const m of text.matchAll(/\$\{([^}.!]+)/g)) into.add(m[1] as string);
        if (Array.isArray(v)) references(v[1], into);
      } else references(v, into);
    }
  }
  return into;
}

export function findCycle(resources: Record<string, Resource>): string[] | null {
  const edges = new Map<string, string[]>();
  for (const [id, r] of Object.entries(resources)) {
    const deps = references(r.Properties);
    for (const d of [r.DependsOn ?? []].flat()) deps.add(d);
    edges.set(
      id,
      [...deps].filter((d) => d in resources),
    );
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const d of edges.get(id) ?? []) {
      const cycle = visit(d);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return null;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return null;
}

/** A queue's Ref is its URL once deployed. */
export const deployedQueueUrl = (value: unknown): string =>
  `https://sqs.eu-west-1.amazonaws.com/123456789012/${deployed(value)}`;

/** The environment a function sees once deployed (a queue URL setting gets a URL). */
export const deployedEnvironment = (vars: Json): Record<string, string> =>
  Object.fromEntries(
    Object.entries(vars).map(([k, v]) => [k, k.endsWith('_QUEUE_URL') ? deployedQueueUrl(v) : deployed(v)]),
  );

/** Stands in for CloudFormation: turns intrinsic functions into plausible deployed values. */
export function deployed(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Json;
  if ('Ref' in v) return `ref-${String(v.Ref)}`.replace(/[^\w-]/g, '').toLowerCase();
  if ('Fn::GetAtt' in v) {
    const [resource, attribute] = v['Fn::GetAtt'] as [string, string];
    const host = `${resource}-${attribute}.aws.test`.toLowerCase();
    // API Gateway's ApiEndpoint attribute is a URL: https://<id>.execute-api.<region>.amazonaws.com.
    return attribute === 'ApiEndpoint' ? `https://${host}` : host;
  }
  if ('Fn::Join' in v) {
    const [sep, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map(deployed).join(sep);
  }
  throw new Error(`cannot stand in for ${JSON.stringify(value)}`);
}
