import type { TRegisterFieldRule } from './system.js';

/**
 * Server-driven registration rules (SPEC §5), shared by the server and the player site so that both
 * enforce exactly the same thing. Pure TypeScript: no Node-only or DOM-only APIs.
 *
 * A field rule is `{acceptedPattern, minLength, maxLength, patternId, enabled, required}` (stored per
 * merchant, served by `GET /wps/system/setting/register`). A value passes when, after trimming:
 * - it is non-empty, or the rule does not require it (an empty optional value is not checked further);
 * - its length in Unicode code points lies in [minLength, maxLength];
 * - it matches `acceptedPattern` (a lone `*` matches everything; anything else is a regular expression
 *   anchored at both ends, compiled defensively: see `compileAcceptedPattern`);
 * - it is of the kind `patternId` names (the catalogue below).
 * The failure names the client's message `reg_pattern_<patternId>` with min and max substituted
 * (a single number when min equals max), or `required`.
 */

export interface TPatternKind {
  id: number;
  name: string;
  /** Message template for `reg_pattern_<id>`; `(min)`/`(max)` or `(len)` are substituted. */
  en: string;
  bn: string;
  test(value: string): boolean;
}

const ALNUM = /^[A-Za-z0-9]+$/;
const HAS_LETTER = /[A-Za-z]/;
const HAS_DIGIT = /[0-9]/;
const HAS_UPPER = /[A-Z]/;
const HAS_LOWER = /[a-z]/;
/** printable ASCII except space and letters/digits */
const HAS_SYMBOL = /[!-/:-@[-`{-~]/;
const PRINTABLE_ASCII = /^[!-~]+$/;

/** Local part of RFC 5322 "dot-atom" and a domain of at least two labels, the last alphabetic. */
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar date written yyyy-MM-dd or MM-dd-yyyy (years 1000-9999). */
export function isCalendarDate(value: string): boolean {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  let y: number, mo: number, d: number;
  if (m) {
    y = Number(m[1]);
    mo = Number(m[2]);
    d = Number(m[3]);
  } else {
    m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
    if (!m) return false;
    mo = Number(m[1]);
    d = Number(m[2]);
    y = Number(m[3]);
  }
  if (y < 1000 || mo < 1 || mo > 12 || d < 1) return false;
  const max = mo === 2 && isLeap(y) ? 29 : DAYS[mo - 1]!;
  return d <= max;
}

/**
 * The pattern kinds of SPEC §5, keyed by patternId. Ids 0, 1, 3, 4, 6 and 8 are the ones the original
 * client's messages and the seeded rules use (API-REFERENCE §3.1: 1 = starts with a letter, 4 = letters
 * and digits (6-12 in PX-APP's password rule), 6 = digits only); the others are numbered in SPEC order.
 *
 *  0 any characters
 *  1 a letter first, then letters and digits (usernames)
 *  2 Chinese (Han) characters and digits
 *  3 e-mail address
 *  4 letters and digits only, no special characters
 *  5 letters and digits combined: only letters and digits, at least one of each
 *  6 digits only
 *  7 letters and digits with at least one upper-case letter
 *  8 English letters and spaces
 *  9 anything without spaces (no whitespace at all)
 * 10 Chinese (Han) characters and punctuation
 * 11 a real calendar date, yyyy-MM-dd or MM-dd-yyyy
 * 12 Korean (Hangul) only
 * 13 Thai only
 * 14 Thai or English letters and spaces
 * 15 upper-case English letters and spaces
 * 16 letters, numbers and symbols: printable ASCII without spaces
 * 17 strong password: printable ASCII without spaces with an upper-case letter, a lower-case letter,
 *    a digit and a symbol
 */
export const PATTERN_KINDS: Readonly<Record<number, TPatternKind>> = Object.freeze(
  Object.fromEntries(
    (
      [
        {
          id: 0,
          name: 'any',
          en: 'Please enter (min)-(max) characters',
          bn: 'অনুগ্রহ করে (min)-(max) অক্ষর লিখুন',
          test: () => true,
        },
        {
          id: 1,
          name: 'letterFirstAlnum',
          en: '(min)-(max) letters or digits, starting with a letter',
          bn: '(min)-(max) অক্ষর বা সংখ্যা, প্রথমে একটি অক্ষর',
          test: (v: string) => /^[A-Za-z][A-Za-z0-9]*$/.test(v),
        },
        {
          id: 2,
          name: 'chineseDigits',
          en: '(min)-(max) Chinese characters or digits',
          bn: '(min)-(max) চীনা অক্ষর বা সংখ্যা',
          test: (v: string) => /^[\p{Script=Han}0-9]+$/u.test(v),
        },
        {
          id: 3,
          name: 'email',
          en: 'Please enter a valid e-mail address of (min)-(max) characters',
          bn: '(min)-(max) অক্ষরের একটি সঠিক ই-মেইল ঠিকানা লিখুন',
          test: (v: string) => EMAIL.test(v),
        },
        {
          id: 4,
          name: 'alnum',
          en: '(min)-(max) letters or digits, no special characters',
          bn: '(min)-(max) অক্ষর বা সংখ্যা, কোনো বিশেষ চিহ্ন নয়',
          test: (v: string) => ALNUM.test(v),
        },
        {
          id: 5,
          name: 'lettersAndDigits',
          en: '(min)-(max) characters combining letters and digits',
          bn: '(min)-(max) অক্ষর, অক্ষর ও সংখ্যা দুটোই থাকতে হবে',
          test: (v: string) => ALNUM.test(v) && HAS_LETTER.test(v) && HAS_DIGIT.test(v),
        },
        {
          id: 6,
          name: 'digits',
          en: '(min)-(max) digits only',
          bn: 'শুধু (min)-(max) সংখ্যা',
          test: (v: string) => /^[0-9]+$/.test(v),
        },
        {
          id: 7,
          name: 'alnumWithUpper',
          en: '(min)-(max) letters or digits with at least one capital letter',
          bn: '(min)-(max) অক্ষর বা সংখ্যা, অন্তত একটি বড় হাতের অক্ষর',
          test: (v: string) => ALNUM.test(v) && HAS_UPPER.test(v),
        },
        {
          id: 8,
          name: 'englishSpaces',
          en: '(min)-(max) English letters and spaces',
          bn: '(min)-(max) ইংরেজি অক্ষর ও ফাঁকা স্থান',
          test: (v: string) => /^[A-Za-z ]+$/.test(v) && HAS_LETTER.test(v),
        },
        {
          id: 9,
          name: 'noSpaces',
          en: '(min)-(max) characters without spaces',
          bn: '(min)-(max) অক্ষর, কোনো ফাঁকা স্থান ছাড়া',
          test: (v: string) => /^\S+$/u.test(v),
        },
        {
          id: 10,
          name: 'chinesePunctuation',
          en: '(min)-(max) Chinese characters and punctuation',
          bn: '(min)-(max) চীনা অক্ষর ও বিরামচিহ্ন',
          test: (v: string) => /^[\p{Script=Han}\p{P}]+$/u.test(v) && /\p{Script=Han}/u.test(v),
        },
        {
          id: 11,
          name: 'date',
          en: 'Please enter a date as yyyy-MM-dd or MM-dd-yyyy',
          bn: 'তারিখ yyyy-MM-dd বা MM-dd-yyyy আকারে লিখুন',
          test: isCalendarDate,
        },
        {
          id: 12,
          name: 'korean',
          en: '(min)-(max) Korean characters only',
          bn: 'শুধু (min)-(max) কোরিয়ান অক্ষর',
          test: (v: string) => /^\p{Script=Hangul}+$/u.test(v),
        },
        {
          id: 13,
          name: 'thai',
          en: '(min)-(max) Thai characters only',
          bn: 'শুধু (min)-(max) থাই অক্ষর',
          test: (v: string) => /^\p{Script=Thai}+$/u.test(v),
        },
        {
          id: 14,
          name: 'thaiEnglishSpaces',
          en: '(min)-(max) Thai or English letters and spaces',
          bn: '(min)-(max) থাই বা ইংরেজি অক্ষর ও ফাঁকা স্থান',
          test: (v: string) => /^[\p{Script=Thai}A-Za-z ]+$/u.test(v) && /[\p{Script=Thai}A-Za-z]/u.test(v),
        },
        {
          id: 15,
          name: 'upperSpaces',
          en: '(min)-(max) capital letters and spaces',
          bn: '(min)-(max) বড় হাতের অক্ষর ও ফাঁকা স্থান',
          test: (v: string) => /^[A-Z ]+$/.test(v) && HAS_UPPER.test(v),
        },
        {
          id: 16,
          name: 'lettersNumbersSymbols',
          en: '(min)-(max) letters, numbers and symbols',
          bn: '(min)-(max) অক্ষর, সংখ্যা ও চিহ্ন',
          test: (v: string) => PRINTABLE_ASCII.test(v),
        },
        {
          id: 17,
          name: 'strongPassword',
          en: '(min)-(max) characters with upper-case, lower-case, digit and symbol',
          bn: '(min)-(max) অক্ষর: বড় হাতের, ছোট হাতের অক্ষর, সংখ্যা ও চিহ্ন সহ',
          test: (v: string) =>
            PRINTABLE_ASCII.test(v) &&
            HAS_UPPER.test(v) &&
            HAS_LOWER.test(v) &&
            HAS_DIGIT.test(v) &&
            HAS_SYMBOL.test(v),
        },
      ] satisfies TPatternKind[]
    ).map((k) => [k.id, Object.freeze(k)]),
  ),
);

export const PATTERN_IDS = Object.keys(PATTERN_KINDS).map(Number);

// ---------------------------------------------------------------------------------------------
// acceptedPattern: a regular expression from the operator's configuration

export const MAX_ACCEPTED_PATTERN_LENGTH = 200;

/**
 * Shapes that can backtrack catastrophically: a quantified group that itself contains a quantifier
 * (`(a+)+`, `(\w*)*`, `(a|ab){2,}`), a quantified alternation group, and back-references. Real field rules
 * are character classes with one quantifier and never need these.
 */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[+*?]|\{\d+,?\d*\})(?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,\d*\})/;
const QUANTIFIED_ALTERNATION = /\((?:[^()\\]|\\.)*\|(?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,\d*\})/;
const BACKREFERENCE = /\\[1-9]|\\k</;

export function isCatastrophicShape(pattern: string): boolean {
  // `(?:`, `(?=` ... open a group; their `?` is not a quantifier
  const p = pattern.replace(/\((?:\?[:=!]|\?<[=!])/g, '(');
  return NESTED_QUANTIFIER.test(p) || QUANTIFIED_ALTERNATION.test(p) || BACKREFERENCE.test(pattern);
}

export type TPatternLog = (message: string, detail: { pattern: string; reason: string }) => void;

const defaultLog: TPatternLog = (message, detail) =>
  (globalThis as { console?: { warn(...a: unknown[]): void } }).console?.warn(message, detail);

const compiled = new Map<string, RegExp | null>();

/**
 * The anchored RegExp of an `acceptedPattern`, `'match-all'` for `*` (and the `.*` it is rewritten to
 * by the original back office) or an empty pattern, or null when the pattern is unusable: too long,
 * a catastrophic shape, or not a valid expression. Never throws; a rejected pattern is logged once.
 */
export function compileAcceptedPattern(
  pattern: string,
  log: TPatternLog = defaultLog,
): RegExp | 'match-all' | null {
  const p = pattern.trim();
  if (p === '' || p === '*' || p === '.*' || p === '^.*$') return 'match-all';
  if (compiled.has(p)) return compiled.get(p)!;
  let re: RegExp | null = null;
  let reason: string | undefined;
  if (p.length > MAX_ACCEPTED_PATTERN_LENGTH) reason = 'too long';
  else if (isCatastrophicShape(p)) reason = 'catastrophic shape';
  else {
    try {
      re = new RegExp(`^(?:${p})$`, 'u');
    } catch {
      try {
        // patterns written for non-unicode engines (`\-` outside a class, `\_`) still compile here
        re = new RegExp(`^(?:${p})$`);
      } catch {
        reason = 'invalid expression';
      }
    }
  }
  if (reason)
    log('register rule acceptedPattern rejected; the field will not validate', { pattern: p, reason });
  if (compiled.size > 500) compiled.clear();
  compiled.set(p, re);
  return re;
}

// ---------------------------------------------------------------------------------------------
// one field

export type TFieldErrorKey = `reg_pattern_${number}` | 'required' | 'inconsistent' | 'phone_format' | 'agree';

export interface TFieldError {
  key: TFieldErrorKey;
  min: number;
  max: number;
  /** Message parameters: `[min]` when min equals max, else `[min, max]`. */
  params: number[];
}

/** Length in Unicode code points (so a Bengali or emoji character counts once). */
export const codePointLength = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

const paramsOf = (min: number, max: number) => (min === max ? [min] : [min, max]);

export function fieldError(
  key: TFieldErrorKey,
  rule: Pick<TRegisterFieldRule, 'minLength' | 'maxLength'>,
): TFieldError {
  return { key, min: rule.minLength, max: rule.maxLength, params: paramsOf(rule.minLength, rule.maxLength) };
}

export type TRuleLike = Pick<
  TRegisterFieldRule,
  'acceptedPattern' | 'minLength' | 'maxLength' | 'patternId' | 'required'
>;

/**
 * Checks one value against one field rule (see the top of this file). `required` overrides the rule's
 * own flag (the form forces username and password, for instance). Returns null when the value passes.
 */
export function validateField(
  rule: TRuleLike,
  value: unknown,
  opts: { required?: boolean; log?: TPatternLog } = {},
): TFieldError | null {
  const v = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  const required = opts.required ?? rule.required;
  if (v === '') return required ? fieldError('required', rule) : null;
  const mismatch = fieldError(`reg_pattern_${rule.patternId}`, rule);
  const len = codePointLength(v);
  // length first: the expression then only ever sees bounded input
  if (len < rule.minLength || len > rule.maxLength) return mismatch;
  const re = compileAcceptedPattern(rule.acceptedPattern, opts.log);
  if (re === null) return mismatch;
  if (re !== 'match-all' && !re.test(v)) return mismatch;
  const kind = PATTERN_KINDS[rule.patternId];
  // an unknown patternId adds no constraint of its own: the acceptedPattern still applies
  if (kind && !kind.test(v)) return mismatch;
  return null;
}

/** The text of a field error in `lang` (EN or BN), min and max substituted. */
export function fieldErrorMessage(err: TFieldError, lang: string | undefined): string {
  const bn = lang?.toUpperCase() === 'BN';
  let template: string;
  if (err.key === 'required') template = bn ? 'ইনপুট খালি রাখা যাবে না' : 'Input cannot be empty';
  else if (err.key === 'inconsistent') template = bn ? 'দুইবার দেওয়া পাসওয়ার্ড মেলেনি' : 'Inconsistent twice';
  else if (err.key === 'phone_format')
    template = bn ? 'ফোন নম্বরের ফরম্যাট সঠিক নয়' : 'Invalid phone number format';
  else if (err.key === 'agree') template = bn ? 'অনুগ্রহ করে সম্মত হন' : 'Please agree to continue';
  else {
    const kind = PATTERN_KINDS[Number(err.key.slice('reg_pattern_'.length))] ?? PATTERN_KINDS[0]!;
    template = bn ? kind.bn : kind.en;
  }
  const range = err.params.length === 1 ? String(err.params[0]) : `${err.params[0]}-${err.params[1]}`;
  return template
    .replace('(min)-(max)', range)
    .replace('(min)', String(err.min))
    .replace('(max)', String(err.max));
}

// ---------------------------------------------------------------------------------------------
// phone numbers

export interface TPhoneRule {
  country: string;
  /** national significant number length range (digits after the country code) */
  minDigits: number;
  maxDigits: number;
  /** national trunk prefix written before the number at home (BD: 01712345678) */
  trunkPrefix?: string;
  /** mobile numbers only: the shape of the national number */
  mobile?: RegExp;
}

/** Per dialing code; a code not listed accepts 6-14 digits. */
export const PHONE_RULES: Readonly<Record<string, TPhoneRule>> = Object.freeze({
  '+880': { country: 'BD', minDigits: 10, maxDigits: 10, trunkPrefix: '0', mobile: /^1[3-9][0-9]{8}$/ },
  '+91': { country: 'IN', minDigits: 10, maxDigits: 10, trunkPrefix: '0' },
  '+92': { country: 'PK', minDigits: 10, maxDigits: 10, trunkPrefix: '0' },
  '+977': { country: 'NP', minDigits: 10, maxDigits: 10 },
  '+86': { country: 'CN', minDigits: 11, maxDigits: 11 },
  '+66': { country: 'TH', minDigits: 9, maxDigits: 9, trunkPrefix: '0' },
  '+84': { country: 'VN', minDigits: 9, maxDigits: 10, trunkPrefix: '0' },
  '+63': { country: 'PH', minDigits: 10, maxDigits: 10, trunkPrefix: '0' },
  '+60': { country: 'MY', minDigits: 9, maxDigits: 10, trunkPrefix: '0' },
  '+62': { country: 'ID', minDigits: 9, maxDigits: 12, trunkPrefix: '0' },
  '+82': { country: 'KR', minDigits: 9, maxDigits: 10, trunkPrefix: '0' },
  '+1': { country: 'US', minDigits: 10, maxDigits: 10 },
  '+44': { country: 'GB', minDigits: 10, maxDigits: 10, trunkPrefix: '0' },
});

const FALLBACK_PHONE: TPhoneRule = { country: '', minDigits: 6, maxDigits: 14 };

/** `880`, `+880`, ` +880 ` -> `+880`; anything else -> null. */
export function normaliseDialingCode(code: unknown): string | null {
  if (typeof code !== 'string' && typeof code !== 'number') return null;
  const m = /^\+?([1-9][0-9]{0,3})$/.exec(String(code).trim());
  return m ? `+${m[1]}` : null;
}

export const phoneRuleOf = (dialingCode: string): TPhoneRule => PHONE_RULES[dialingCode] ?? FALLBACK_PHONE;

/**
 * The national number in canonical form (digits only, no trunk prefix), or null when it is not a
 * phone number of that country. Every common way of writing a number gives the same result: BD
 * `01712345678`, `1712345678`, `017-1234 5678`, `+880 1712-345678`, `8801712345678` and
 * `00880 1712345678` all give `1712345678`. A number written with another country's code is not a
 * number of this country (null). Members are stored under this form and every look-up by phone uses it.
 */
export function normalisePhone(dialingCode: unknown, raw: unknown): string | null {
  const code = normaliseDialingCode(dialingCode);
  if (!code || (typeof raw !== 'string' && typeof raw !== 'number')) return null;
  const written = String(raw)
    .trim()
    .replace(/[\s().-]/g, '');
  const rule = phoneRuleOf(code);
  const ok = (d: string) =>
    d.length >= rule.minDigits && d.length <= rule.maxDigits && (!rule.mobile || rule.mobile.test(d));
  const national = (digits: string): string | null => {
    if (!/^[0-9]+$/.test(digits)) return null;
    if (rule.trunkPrefix && digits.startsWith(rule.trunkPrefix)) {
      const rest = digits.slice(rule.trunkPrefix.length);
      return ok(rest) && !rest.startsWith(rule.trunkPrefix) ? rest : null;
    }
    return ok(digits) ? digits : null;
  };
  const cc = code.slice(1);
  // international forms: `+880…` or `00880…` must carry this country's code
  const intl = /^(?:\+|00)([0-9]+)$/.exec(written);
  if (intl) return intl[1]!.startsWith(cc) ? national(intl[1]!.slice(cc.length)) : null;
  // `880…` without the plus: only when the digits are no national number by themselves
  return national(written) ?? (written.startsWith(cc) ? national(written.slice(cc.length)) : null);
}

/**
 * A stored national number as people write it at home: the trunk prefix back in front where the
 * country has one (BD `1336712345` -> `01336712345`); an unknown dialing code leaves it as stored.
 */
export function nationalDisplay(dialingCode: unknown, national: string): string {
  const code = normaliseDialingCode(dialingCode);
  const trunk = code ? phoneRuleOf(code).trunkPrefix : undefined;
  return trunk && national !== '' && !national.startsWith(trunk) ? `${trunk}${national}` : national;
}

/** The mobile number a member is registered under: `+880` and `1712345678` -> `8801712345678`. */
export const fullPhone = (dialingCode: string, national: string) =>
  `${dialingCode.replace('+', '')}${national}`;

// ---------------------------------------------------------------------------------------------
// the whole registration form

/** Payload fields whose rule comes from the server (`value.<field>` of the register settings). */
export const REGISTER_RULE_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const;
export type TRegisterRuleField = (typeof REGISTER_RULE_FIELDS)[number];

/** Fields the server fills on mobile registration or the form never shows as plain rule fields. */
const ALWAYS_REQUIRED = new Set<TRegisterRuleField>(['username', 'password', 'confirmPassword']);

/**
 * Whether a registration asks for an SMS code, following the white-label switch REGMOBVERF3 ("SMS
 * verification at registration"): on, both username and mobile registration ask for one; off, neither
 * does. A tree without the switch keeps mobile registration verified (the strict default) and username
 * registration without a code, as before the switch existed.
 */
export function registrationSmsRequired(
  mode: 'username' | 'mobile',
  modules: Readonly<Record<string, boolean | undefined>>,
): boolean {
  return mode === 'mobile' ? modules.REGMOBVERF3 !== false : modules.REGMOBVERF3 === true;
}

export interface TRegistrationMode {
  /** `username` (PUT /wps/member/register) or `mobile` (PUT /wps/member/register/mobile: username = mobile) */
  mode: 'username' | 'mobile';
  /** an SMS verification code is required (REGMOBVERF3 on, or mobile registration) */
  smsRequired: boolean;
  /** mobile registration asks for a password (MOBILENUMPASSREG3); without it the server generates one */
  mobilePassword?: boolean;
  /** the captcha is checked elsewhere (e.g. the server's captcha service), skip its field rule */
  skipCaptcha?: boolean;
  /**
   * The merchant's age limit. The age agreement carries it as its error's bound, and an agreement to a
   * lower age (`confirmedAge`, what a form with stale settings showed) does not count.
   */
  ageLimit?: number;
  /**
   * The terms tick and the age agreement must be sent (the merchant's `consentRequired`, default on).
   * Off: the front end shows the terms and consent is taken as given when they are not sent; a tick sent
   * as false, or an agreement to a lower age, is still refused.
   */
  consentRequired?: boolean;
  /**
   * A confirmation left out of the payload is not asked for (the original platform's clients send
   * none); one that is sent, even empty, must equal the password. The player site's form always sends it.
   */
  confirmOptional?: boolean;
  log?: TPatternLog;
}

export type TRegistrationInput = Partial<Record<TRegisterRuleField, unknown>> & {
  countryDialingCode?: unknown;
  termsAccepted?: unknown;
  ageConfirmed?: unknown;
  /** the age the ticked agreement named; absent = the merchant's own */
  confirmedAge?: unknown;
};

export type TRegistrationErrors = Partial<
  Record<TRegisterRuleField | 'termsAccepted' | 'ageConfirmed', TFieldError>
>;

const ANY_RULE: TRuleLike = {
  acceptedPattern: '*',
  minLength: 0,
  maxLength: 255,
  patternId: 0,
  required: false,
};
const NO_BOUNDS = { minLength: 0, maxLength: 0 };

/**
 * Validates a registration form with the merchant's rules: the same function runs in the browser
 * before submitting and on the server before creating the member. Returns the first error of each
 * field; an empty object means the form passes. Disabled fields are not checked (the server ignores
 * their values). Terms and the age agreement must be ticked; the agreement must name at least the
 * merchant's age (`opts.ageLimit`).
 */
export function validateRegistration(
  rules: Readonly<Record<string, TRuleLike & { enabled?: boolean }>>,
  input: TRegistrationInput,
  opts: TRegistrationMode,
): TRegistrationErrors {
  const errors: TRegistrationErrors = {};
  const mobile = opts.mode === 'mobile';
  const passwordAsked = !mobile || opts.mobilePassword !== false;
  const confirmAsked = passwordAsked && !(opts.confirmOptional && input.confirmPassword === undefined);
  const dialing = normaliseDialingCode(input.countryDialingCode ?? '+880');
  // the number's rule sees it as written at home, whichever common spelling was typed (+880 …, 880 …)
  const national = dialing ? normalisePhone(dialing, input.mobileNum) : null;
  const values = { ...input, mobileNum: national ? nationalDisplay(dialing, national) : input.mobileNum };
  for (const field of REGISTER_RULE_FIELDS) {
    const rule: (TRuleLike & { enabled?: boolean }) | undefined =
      rules[field] ?? (ALWAYS_REQUIRED.has(field) ? ANY_RULE : undefined);
    if (!rule) continue;
    // username, password and confirmation are part of every username form whatever the switches say
    const forced =
      (field === 'username' && !mobile) ||
      ((field === 'password' || field === 'confirmPassword') && passwordAsked) ||
      // the code goes to this number
      (field === 'mobileNum' && (mobile || opts.smsRequired)) ||
      (field === 'verificationCode' && opts.smsRequired);
    if (!forced && rule.enabled === false) continue;
    if (field === 'username' && mobile) continue;
    if ((field === 'password' || field === 'confirmPassword') && !passwordAsked) continue;
    if (field === 'confirmPassword' && !confirmAsked) continue;
    if (field === 'captcha' && opts.skipCaptcha) continue;
    if (field === 'verificationCode' && !opts.smsRequired) continue;
    const required = forced || field === 'paymentPassword' || rule.required;
    const err = validateField(rule, values[field], { required, log: opts.log });
    if (err) errors[field] = err;
  }
  if (!errors.confirmPassword && !errors.password && confirmAsked) {
    const a = typeof input.password === 'string' ? input.password.trim() : '';
    const b = typeof input.confirmPassword === 'string' ? input.confirmPassword.trim() : '';
    if (a !== b) errors.confirmPassword = fieldError('inconsistent', rules.confirmPassword ?? NO_BOUNDS);
  }
  const mobileValue = typeof input.mobileNum === 'string' ? input.mobileNum.trim() : '';
  if (!errors.mobileNum && mobileValue !== '') {
    const code = normaliseDialingCode(input.countryDialingCode ?? '+880');
    if (!code || normalisePhone(code, mobileValue) === null) {
      const r = code ? phoneRuleOf(code) : FALLBACK_PHONE;
      errors.mobileNum = fieldError('phone_format', { minLength: r.minDigits, maxLength: r.maxDigits });
    }
  }
  const consent = opts.consentRequired !== false;
  const ticked = (v: unknown) => v === true || (!consent && v === undefined);
  if (!ticked(input.termsAccepted)) errors.termsAccepted = fieldError('agree', NO_BOUNDS);
  const age = opts.ageLimit ?? 0;
  const agreedAge = typeof input.confirmedAge === 'number' ? input.confirmedAge : age;
  if (!ticked(input.ageConfirmed) || agreedAge < age)
    errors.ageConfirmed = fieldError('agree', { minLength: age, maxLength: age });
  return errors;
}
