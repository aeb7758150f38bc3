import { deflateSync } from 'node:zlib';

/** A minimal PNG writer (8-bit RGB, no interlace): enough for captcha and slider images, no native deps. */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An RGB image: `width * height * 3` bytes, row by row. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export function createImage(width: number, height: number, rgb: [number, number, number]): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(rgb, i * 3);
  return { width, height, data };
}

export function setPixel(img: RgbImage, x: number, y: number, rgb: readonly [number, number, number]) {
  const xi = Math.round(x);
  const yi = Math.round(y);
  if (xi < 0 || yi < 0 || xi >= img.width || yi >= img.height) return;
  img.data.set(rgb, (yi * img.width + xi) * 3);
}

export function getPixel(img: RgbImage, x: number, y: number): [number, number, number] {
  const i = (y * img.width + x) * 3;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

export function encodePng(img: RgbImage): Buffer {
  const { width, height, data } = img;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    Buffer.from(data.buffer, data.byteOffset + y * stride, stride).copy(raw, y * (stride + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** 5x7 bitmap digits, one string of 7 rows per digit ('#' = ink). */
const DIGITS: Record<string, string[]> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
};

/**
 * Draws digits with a per-glyph scale, tilt and vertical wobble, over noise dots and crossing lines.
 * `rand` returns [0, 1) (a CSPRNG in production).
 */
export function drawCaptcha(text: string, rand: () => number): RgbImage {
  const width = 120;
  const height = 40;
  const img = createImage(width, height, [236, 240, 245]);
  for (let i = 0; i < 220; i++) {
    const shade = 150 + Math.floor(rand() * 90);
    setPixel(img, rand() * width, rand() * height, [shade, shade - 20, shade]);
  }
  const step = width / (text.length + 1);
  for (let g = 0; g < text.length; g++) {
    const rows = DIGITS[text[g]!];
    if (!rows) continue;
    const scale = 3 + rand() * 0.8;
    const tilt = (rand() - 0.5) * 0.6;
    const x0 = step * (g + 0.5) + (rand() - 0.5) * 4;
    const y0 = 5 + rand() * 6;
    const ink: [number, number, number] = [
      20 + Math.floor(rand() * 90),
      20 + Math.floor(rand() * 60),
      60 + Math.floor(rand() * 120),
    ];
    const phase = rand() * Math.PI * 2;
    for (let r = 0; r < 7; r++) {
      for (let c = 0; c < 5; c++) {
        if (rows[r]![c] !== '#') continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const py = y0 + r * scale + dy;
            const px = x0 + c * scale + dx + tilt * (py - y0) + Math.sin(py / 4 + phase) * 1.2;
            setPixel(img, px, py, ink);
          }
        }
      }
    }
  }
  for (let l = 0; l < 3; l++) {
    const ya = rand() * height;
    const yb = rand() * height;
    const col: [number, number, number] = [90 + Math.floor(rand() * 80), 90, 120 + Math.floor(rand() * 80)];
    for (let x = 0; x < width; x++) setPixel(img, x, ya + ((yb - ya) * x) / width, col);
  }
  return img;
}

/** Slider background: a soft gradient with noise and a shaded square gap at (gapX, gapY). */
export function drawSliderBackground(
  width: number,
  height: number,
  gapX: number,
  gapY: number,
  size: number,
  rand: () => number,
): RgbImage {
  const img = createImage(width, height, [0, 0, 0]);
  const hue = rand();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = rand() * 18;
      setPixel(img, x, y, [
        Math.floor(70 + 110 * (x / width) * hue + n),
        Math.floor(110 + 80 * (y / height) + n),
        Math.floor(160 + 60 * (1 - x / width) + n) & 255,
      ]);
    }
  }
  for (let y = gapY; y < gapY + size; y++) {
    for (let x = gapX; x < gapX + size; x++) {
      const edge = x === gapX || y === gapY || x === gapX + size - 1 || y === gapY + size - 1;
      const [r, g, b] = getPixel(img, x, y);
      setPixel(
        img,
        x,
        y,
        edge ? [245, 245, 245] : [Math.floor(r * 0.35), Math.floor(g * 0.35), Math.floor(b * 0.35)],
      );
    }
  }
  return img;
}
