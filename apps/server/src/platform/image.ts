/**
 * Uploaded images (deposit receipts, promotion applications): base64 text as a client sends it in
 * JSON -> bytes whose type is read from the bytes themselves (magic numbers), never from a file name
 * or the `data:` URL prefix a client chose. Only PNG and JPEG are known.
 */
export type ImageContentType = 'image/png' | 'image/jpeg';
export interface DecodedImage {
  contentType: ImageContentType;
  data: Buffer;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** PNG by its 8-byte signature, JPEG by its SOI marker followed by another marker; anything else: undefined. */
export function sniffImage(data: Buffer): ImageContentType | undefined {
  if (data.length > PNG.length && data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (data.length > JPEG.length && data.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return undefined;
}

/** Base64 (optionally a `data:` URL, whitespace ignored) -> bytes, or undefined when it is not base64. */
export function decodeBase64(input: string): Buffer | undefined {
  let text = input.trim();
  const dataUrl = /^data:[\w.+/-]*;base64,/i.exec(text);
  if (dataUrl) text = text.slice(dataUrl[0].length);
  text = text.replace(/\s+/g, '');
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  const data = Buffer.from(text, 'base64');
  return data.length === 0 ? undefined : data;
}

/**
 * An image as sent -> the image, or why not: `encoding` (not base64), `too_large` (more than
 * `maxBytes` decoded) or `type` (not PNG or JPEG by content).
 */
export function decodeImage(
  input: string,
  maxBytes: number,
): { ok: true; image: DecodedImage } | { ok: false; why: 'encoding' | 'too_large' | 'type' } {
  const data = decodeBase64(input);
  if (!data) return { ok: false, why: 'encoding' };
  if (data.length > maxBytes) return { ok: false, why: 'too_large' };
  const contentType = sniffImage(data);
  if (!contentType) return { ok: false, why: 'type' };
  return { ok: true, image: { contentType, data } };
}
