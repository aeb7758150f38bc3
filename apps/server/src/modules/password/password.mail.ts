import { escapeHtml } from '../mail/index.js';

const bn = (language: string) => language.toUpperCase() === 'BN';

/** The forgot-password mail: a link and, for typing on another device, a code. */
export function resetMail(p: {
  brand: string;
  username: string;
  link: string;
  code: string;
  minutes: number;
  language: string;
}) {
  const subject = bn(p.language) ? `${p.brand}: পাসওয়ার্ড রিসেট` : `${p.brand}: password reset`;
  const lines = bn(p.language)
    ? [
        `প্রিয় ${p.username},`,
        `আপনার পাসওয়ার্ড রিসেট করতে এই লিংকটি খুলুন (${p.minutes} মিনিট বৈধ, একবার ব্যবহারযোগ্য):`,
        p.link,
        `অথবা এই কোডটি লিখুন: ${p.code}`,
        'আপনি অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন।',
      ]
    : [
        `Dear ${p.username},`,
        `Open this link to reset your password (valid ${p.minutes} minutes, single use):`,
        p.link,
        `Or enter this code: ${p.code}`,
        'If you did not ask for this, ignore this e-mail.',
      ];
  const html = [
    `<p>${escapeHtml(lines[0]!)}</p>`,
    `<p>${escapeHtml(lines[1]!)}</p>`,
    `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>`,
    `<p>${escapeHtml(lines[3]!.replace(p.code, ''))}<b>${escapeHtml(p.code)}</b></p>`,
    `<p>${escapeHtml(lines[4]!)}</p>`,
  ].join('\n');
  return { subject, text: lines.join('\n\n'), html };
}

/** The e-mail code of a login from a new IP. */
export function loginCodeMail(p: {
  brand: string;
  username: string;
  code: string;
  minutes: number;
  language: string;
  ip: string;
}) {
  const subject = bn(p.language) ? `${p.brand}: লগইন যাচাইকরণ কোড` : `${p.brand}: login verification code`;
  const lines = bn(p.language)
    ? [
        `প্রিয় ${p.username},`,
        `নতুন IP (${p.ip}) থেকে লগইনের যাচাইকরণ কোড: ${p.code}`,
        `কোডটি ${p.minutes} মিনিট বৈধ। আপনি লগইন না করে থাকলে অবিলম্বে পাসওয়ার্ড পরিবর্তন করুন।`,
      ]
    : [
        `Dear ${p.username},`,
        `Verification code for the login from a new IP (${p.ip}): ${p.code}`,
        `The code is valid for ${p.minutes} minutes. If this was not you, change your password now.`,
      ];
  const html = lines.map((l) => `<p>${escapeHtml(l).replace(p.code, `<b>${p.code}</b>`)}</p>`).join('\n');
  return { subject, text: lines.join('\n\n'), html };
}
