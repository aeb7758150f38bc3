import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, drawCaptcha, drawSliderBackground, encodePng, PNG_SIGNATURE, createImage } from './png.js';

/** Reads chunks back and checks every CRC: the decoder side of the test. */
function readPng(buf: Buffer) {
  expect(buf.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const chunks: { type: string; data: Buffer }[] = [];
  let off = 8;
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.subarray(off + 4, off + 8).toString('ascii');
    const data = buf.subarray(off + 8, off + 8 + len);
    expect(buf.readUInt32BE(off + 8 + len)).toBe(crc32(buf.subarray(off + 4, off + 8 + len)));
    chunks.push({ type, data });
    off += 12 + len;
  }
  return chunks;
}

describe('PNG encoder', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
  });

  it('writes signature, IHDR, IDAT and IEND that decode to the same pixels', () => {
    const img = createImage(3, 2, [10, 20, 30]);
    img.data.set([255, 0, 0], 0);
    const chunks = readPng(encodePng(img));
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9], ihdr[12]]).toEqual([3, 2, 8, 2, 0]);
    const raw = inflateSync(chunks[1]!.data);
    expect(raw.length).toBe(2 * (1 + 3 * 3));
    expect([...raw.subarray(0, 7)]).toEqual([0, 255, 0, 0, 10, 20, 30]);
  });

  it('draws a 120x40 captcha with ink on it and a 300x150 slider background', () => {
    let seed = 1;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const cap = drawCaptcha('40719', rand);
    const ihdr = readPng(encodePng(cap))[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4)]).toEqual([120, 40]);
    const dark = [...Array(cap.width * cap.height).keys()].filter((i) => cap.data[i * 3]! < 120).length;
    expect(dark).toBeGreaterThan(150);
    const bg = drawSliderBackground(300, 150, 100, 40, 44, rand);
    expect(readPng(encodePng(bg))[0]!.data.readUInt32BE(0)).toBe(300);
    // the gap's inside is darker than the pixel just left of it
    const px = (x: number, y: number) => bg.data[(y * 300 + x) * 3 + 1]!;
    expect(px(120, 60)).toBeLessThan(px(95, 60));
  });
});
