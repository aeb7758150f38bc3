/**
 * Proof and receipt images (SPEC §5 and §9): PNG or JPEG, at most 5 MB each, at most 3. Checked by
 * content (the first bytes), not by name or the browser's guess, the same way the server checks them.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_COUNT = 3;

export type TImageProblem = 'type' | 'size' | 'count' | 'empty';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

export function sniffImage(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts(PNG)) return 'image/png';
  if (starts(JPEG)) return 'image/jpeg';
  return null;
}

/** The first problem of one picked file, or null. */
export async function checkImage(file: Blob, maxBytes = IMAGE_MAX_BYTES): Promise<TImageProblem | null> {
  if (file.size === 0) return 'empty';
  if (file.size > maxBytes) return 'size';
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return sniffImage(head) ? null : 'type';
}

/** Checks a whole pick: at most `max` files, each a real PNG/JPEG within the size limit. */
export async function checkImages(
  files: readonly Blob[],
  max = IMAGE_MAX_COUNT,
): Promise<{ problem: TImageProblem; index: number } | null> {
  if (files.length > max) return { problem: 'count', index: max };
  for (let i = 0; i < files.length; i++) {
    const p = await checkImage(files[i]!);
    if (p) return { problem: p, index: i };
  }
  return null;
}

/** File -> `data:image/...;base64,...` for a JSON body. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });
}
