import { describe, expect, it } from 'vitest';
import { decodeBase64, decodeImage, sniffImage } from './image.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(16, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16, 2)]);

describe('uploaded images are known by their bytes', () => {
  it('sniffs PNG and JPEG, nothing else', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(JPEG)).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a-----'))).toBeUndefined();
    expect(sniffImage(PNG.subarray(0, 8))).toBeUndefined();
  });

  it('decodes base64 and data URLs; refuses what is not base64', () => {
    expect(decodeBase64(`data:image/gif;base64,${PNG.toString('base64')}`)?.equals(PNG)).toBe(true);
    expect(decodeBase64('not base64!')).toBeUndefined();
    expect(decodeBase64('')).toBeUndefined();
  });

  it('tells why an image is refused: encoding, size, then type', () => {
    expect(decodeImage('%%%', 100)).toEqual({ ok: false, why: 'encoding' });
    expect(decodeImage(PNG.toString('base64'), PNG.length - 1)).toEqual({ ok: false, why: 'too_large' });
    expect(decodeImage(Buffer.from('plain text here').toString('base64'), 100)).toEqual({
      ok: false,
      why: 'type',
    });
    const ok = decodeImage(`data:image/png;base64,${JPEG.toString('base64')}`, JPEG.length);
    expect(ok.ok && ok.image.contentType).toBe('image/jpeg');
  });
});
