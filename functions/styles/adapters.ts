// What styles lets the other areas' entries build: the style catalogue's reader (DynamoDB). Only their
// composition roots and Lambda entries (*wiring.ts, *handler.ts) import it, and tests and infra/; their
// domain, routes and adapters take the area's rules, types and ports from public.ts only
// (.dependency-cruiser.mjs, roots-meet-through-door-or-wiring, areas-meet-through-their-door).
export { DynamoStyleReader } from './dynamodb/style-reader.ts';
