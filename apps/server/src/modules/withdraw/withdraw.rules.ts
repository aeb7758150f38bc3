import { WITHDRAW_PROOF, type TWithdrawStatus } from '@bp/contract';
import { AppError } from '../../platform/errors.js';

/** Names compare without case, surrounding spaces or doubled inner spaces ("Rahim  uddin" = "RAHIM UDDIN"). */
export function normaliseName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}
export const sameName = (a: string, b: string) => normaliseName(a) === normaliseName(b);

/** "1234 5678-90" -> "1234567890"; anything but 6-20 digits is bank_account_number_invalid. */
export function normaliseAccountNumber(input: string): string {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^[0-9]{6,20}$/.test(digits)) throw new AppError('bank_account_number_invalid');
  return digits;
}

/** Only the last four digits shown: "1234567890" -> "******7890". */
export function maskAccountNumber(n: string): string {
  const keep = Math.min(4, Math.max(0, n.length - 4));
  return '*'.repeat(n.length - keep) + n.slice(n.length - keep);
}

export type ProofContentType = (typeof WITHDRAW_PROOF.CONTENT_TYPES)[number];

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The image type from the bytes themselves (never from a file name or a claimed type): PNG signature
 * followed by an IHDR chunk, or JPEG's SOI marker followed by another marker.
 */
export function sniffImage(bytes: Buffer): ProofContentType | undefined {
  if (
    bytes.length >= 24 &&
    bytes.subarray(0, 8).equals(PNG_MAGIC) &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR'
  ) {
    return 'image/png';
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 text (optionally a data: URL) -> bytes; malformed text is withdraw_proof_invalid. */
export function decodeProof(data: string): Buffer {
  const text = data.replace(/^data:[a-z/+.-]*;base64,/i, '').replace(/\s+/g, '');
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) {
    throw new AppError('withdraw_proof_invalid', { detail: 'not base64' });
  }
  return Buffer.from(text, 'base64');
}

/** Decoded, size-checked and content-checked proof image. */
export function validateProof(data: string): { bytes: Buffer; contentType: ProofContentType } {
  const bytes = decodeProof(data);
  if (bytes.length > WITHDRAW_PROOF.MAX_BYTES) throw new AppError('withdraw_proof_too_large');
  const contentType = sniffImage(bytes);
  if (!contentType) throw new AppError('withdraw_proof_invalid', { detail: 'not png/jpeg content' });
  return { bytes, contentType };
}

/** Which transition is allowed from which status: the one place the state machine is written down. */
export const TRANSITIONS = {
  cancel: ['PENDING'],
  approve: ['PENDING'],
  reject: ['PENDING'],
  confirm: ['PAID_OUT'],
  resolve: ['DISPUTED'],
} as const satisfies Record<string, readonly TWithdrawStatus[]>;

export function assertTransition(action: keyof typeof TRANSITIONS, status: string): void {
  if (!(TRANSITIONS[action] as readonly string[]).includes(status)) {
    throw new AppError('withdraw_status_invalid', { value: { status } });
  }
}
