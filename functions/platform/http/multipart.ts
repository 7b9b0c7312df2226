// multipart/form-data bodies (RFC 7578) as API Gateway hands them over: the whole body, base64-encoded.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { RequestError } from './error-mapper.ts';

interface FormPart {
  name: string;
  /** set for file parts */
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

const MAX_PARTS = 50;

function boundaryOf(contentType: string): string {
  const m = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(
    contentType,
  );
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) {
    throw new RequestError(
      400,
      'UNSUPPORTED_CONTENT_TYPE',
      'Request body must be multipart/form-data (with a boundary).',
    );
  }
  return boundary;
}

function headerParam(header: string, param: string): string | null {
  // filename*=UTF-8''%E2%82%AC.jpg (RFC 5987) wins over filename="...".
  const extended = new RegExp(`;\\s*${param}\\*=(?:UTF-8)?''([^;]*)`, 'i').exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {}
  }
  const quoted = new RegExp(`;\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = new RegExp(`;\\s*${param}=([^;\\s]+)`, 'i').exec(header);
  return bare?.[1] ?? null;
}

const malformed = () => new RequestError(400, 'MALFORMED_MULTIPART', 'The multipart body could not be read.');

/** Splits a multipart body into its parts. */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] {
  const boundary = boundaryOf(contentType);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw malformed();
  for (;;) {
    pos += delimiter.length;
    // `--` after a delimiter ends the body.
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts;
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) throw malformed();
    pos += 2;
    const headersEnd = body.indexOf('\r\n\r\n', pos);
    if (headersEnd < 0) throw malformed();
    const headers = body.subarray(pos, headersEnd).toString('utf8').split('\r\n');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd + 4);
    if (next < 0) throw malformed();
    const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? '';
    const type = headers.find((h) => /^content-type:/i.test(h));
    const name = headerParam(disposition, 'name');
    if (name !== null) {
      parts.push({
        name,
        filename: headerParam(disposition, 'filename'),
        contentType: type ? type.slice(type.indexOf(':') + 1).trim() : null,
        data: body.subarray(headersEnd + 4, next),
      });
    }
    if (parts.length > MAX_PARTS)
      throw new RequestError(400, 'TOO_MANY_PARTS', 'Too many parts in the form.');
    pos = next + 2;
  }
}

/** The request's raw body, refusing bodies over `maxBytes` with a 413 in the API's error shape. */
function rawBody(event: APIGatewayProxyEventV2, maxBytes: number, tooLarge: string): Buffer {
  const raw = event.body ?? '';
  const body = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (body.length > maxBytes) throw new RequestError(413, 'PAYLOAD_TOO_LARGE', tooLarge);
  return body;
}

/** The files sent in form field `field`, from a multipart request of at most `maxBytes`. */
export function formFiles(
  event: APIGatewayProxyEventV2,
  field: string,
  maxBytes: number,
  tooLarge: string,
): { name: string; bytes: Buffer }[] {
  const body = rawBody(event, maxBytes, tooLarge);
  const parts = parseMultipart(body, event.headers?.['content-type'] ?? '');
  return parts
    .filter((p) => p.name === field && p.filename !== null)
    .map((p) => ({ name: p.filename || 'photo', bytes: p.data }));
}
