import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, checkImage, checkImages, sniffImage } from './image-check';

const png = (size = 64) => {
  const b = new Uint8Array(size);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Blob([b], { type: 'image/png' });
};
const jpeg = (size = 64) => {
  const b = new Uint8Array(size);
  b.set([0xff, 0xd8, 0xff, 0xe0]);
  return new Blob([b], { type: 'image/jpeg' });
};

describe('image checks', () => {
  it('recognises PNG and JPEG by their first bytes', () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImage(new TextEncoder().encode('GIF89a..'))).toBeNull();
  });

  it('refuses a file named like an image that is not one, an empty one and an oversized one', async () => {
    expect(await checkImage(png())).toBeNull();
    expect(await checkImage(jpeg())).toBeNull();
    expect(await checkImage(new Blob(['<svg/>'], { type: 'image/png' }))).toBe('type');
    expect(await checkImage(new Blob([]))).toBe('empty');
    expect(await checkImage(png(IMAGE_MAX_BYTES))).toBeNull();
    expect(await checkImage(png(IMAGE_MAX_BYTES + 1))).toBe('size');
  });

  it('allows at most three and names the first bad one', async () => {
    expect(await checkImages([png(), jpeg(), png()])).toBeNull();
    expect(await checkImages([png(), jpeg(), png(), jpeg()])).toEqual({ problem: 'count', index: 3 });
    expect(await checkImages([png(), new Blob(['x'])])).toEqual({ problem: 'type', index: 1 });
  });
});
