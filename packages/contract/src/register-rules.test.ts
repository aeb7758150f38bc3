import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  PATTERN_IDS,
  PATTERN_KINDS,
  compileAcceptedPattern,
  fieldErrorMessage,
  fullPhone,
  isCalendarDate,
  nationalDisplay,
  normaliseDialingCode,
  normalisePhone,
  registrationSmsRequired,
  validateField,
  validateRegistration,
  type TRuleLike,
} from './register-rules.js';

// ---- alphabets, written out independently of the implementation's expressions
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
const UPPER = range(0x41, 0x5a);
const LOWER = range(0x61, 0x7a);
const DIGITS = range(0x30, 0x39);
const LETTERS = [...UPPER, ...LOWER];
const ALNUM = [...LETTERS, ...DIGITS];
const SYMBOLS = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
const HAN = fc.integer({ min: 0x4e00, max: 0x9fff }).map((c) => String.fromCodePoint(c));
const HANGUL = fc.integer({ min: 0xac00, max: 0xd7a3 }).map((c) => String.fromCodePoint(c));
// Thai block minus the unassigned U+0E3B-0E3E and the baht sign U+0E3F (script Common)
const THAI = fc
  .oneof(fc.integer({ min: 0x0e01, max: 0x0e3a }), fc.integer({ min: 0x0e40, max: 0x0e5b }))
  .map((c) => String.fromCodePoint(c));
const CN_PUNCT = [...'，。！？、；：「」『』（）《》【】…—'];
const BENGALI = range(0x0985, 0x0994);
const NON_ASCII = fc.constantFrom(...BENGALI, 'é', 'ß', '中', '한', 'ก', '😀');

const of = (chars: string[]) => fc.constantFrom(...chars);
const str = (c: fc.Arbitrary<string>, minLength = 1, maxLength = 24) =>
  fc.array(c, { minLength, maxLength }).map((a) => a.join(''));
/** `s` with `c` inserted at a position chosen by `i` */
const insert = (s: fc.Arbitrary<string>, c: fc.Arbitrary<string>) =>
  fc.tuple(s, c, fc.nat()).map(([v, ch, i]) => {
    const cps = [...v];
    const at = i % (cps.length + 1);
    return [...cps.slice(0, at), ch, ...cps.slice(at)].join('');
  });
/** `s` with every one of `must` inserted somewhere */
const withAll = (s: fc.Arbitrary<string>, ...must: fc.Arbitrary<string>[]) =>
  must.reduce((acc, m) => insert(acc, m), s);

const pad2 = (n: number) => String(n).padStart(2, '0');
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const ymd = fc.record({
  y: fc.integer({ min: 1000, max: 9999 }),
  m: fc.integer({ min: 1, max: 12 }),
  d: fc.integer({ min: 1, max: 31 }),
});
const validDate = ymd
  .filter(({ y, m, d }) => d <= daysIn(y, m))
  .chain(({ y, m, d }) => fc.constantFrom(`${y}-${pad2(m)}-${pad2(d)}`, `${pad2(m)}-${pad2(d)}-${y}`));
const invalidDate = fc.oneof(
  ymd
    .filter(({ y, m, d }) => d > daysIn(y, m))
    .chain(({ y, m, d }) => fc.constantFrom(`${y}-${pad2(m)}-${pad2(d)}`, `${pad2(m)}-${pad2(d)}-${y}`)),
  fc
    .record({
      y: fc.integer({ min: 1000, max: 9999 }),
      m: fc.integer({ min: 13, max: 99 }),
      d: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ y, m, d }) => `${y}-${pad2(m)}-${pad2(d)}`),
  validDate.map((s) => s.replace(/-/g, '/')),
  validDate.map((s) => `${s}x`),
);

/** For each pattern kind: generated values that must pass and values that must fail. */
const CASES: Record<number, { valid: fc.Arbitrary<string>; invalid: fc.Arbitrary<string> }> = {
  0: { valid: fc.string({ minLength: 1, unit: 'binary' }), invalid: fc.constant('') /* see test below */ },
  1: {
    valid: fc.tuple(of(LETTERS), str(of(ALNUM), 0)).map(([a, b]) => a + b),
    invalid: fc.oneof(
      fc.tuple(of(DIGITS), str(of(ALNUM), 0)).map(([a, b]) => a + b),
      insert(
        fc.tuple(of(LETTERS), str(of(ALNUM), 0)).map(([a, b]) => a + b),
        fc.oneof(of([...SYMBOLS, ' ']), NON_ASCII),
      ),
    ),
  },
  2: {
    valid: str(fc.oneof(HAN, of(DIGITS))),
    invalid: insert(str(fc.oneof(HAN, of(DIGITS)), 0), fc.oneof(of([...LETTERS, ...SYMBOLS, ' ']), HANGUL)),
  },
  3: {
    valid: fc
      .tuple(
        fc.array(str(of([...ALNUM, '_', '+', '-']), 1, 10), { minLength: 1, maxLength: 3 }),
        fc.array(
          fc.tuple(of(ALNUM), str(of([...ALNUM, '-']), 0, 8), of(ALNUM)).map(([a, b, c]) => a + b + c),
          { minLength: 1, maxLength: 3 },
        ),
        str(of(LETTERS), 2, 6),
      )
      .map(([local, labels, tld]) => `${local.join('.')}@${labels.join('.')}.${tld}`),
    invalid: fc.oneof(
      str(of(ALNUM)),
      fc.tuple(str(of(ALNUM)), str(of(ALNUM))).map(([a, b]) => `${a}@${b}`),
      fc.tuple(str(of(ALNUM)), str(of(ALNUM)), str(of(LETTERS), 2, 4)).map(([a, b, c]) => `${a}@@${b}.${c}`),
      fc.tuple(str(of(ALNUM)), str(of(ALNUM)), str(of(LETTERS), 2, 4)).map(([a, b, c]) => `${a} x@${b}.${c}`),
      fc.tuple(str(of(ALNUM)), str(of(ALNUM)), str(of(LETTERS), 2, 4)).map(([a, b, c]) => `.${a}@${b}.${c}`),
    ),
  },
  4: {
    valid: str(of(ALNUM)),
    invalid: insert(str(of(ALNUM), 0), fc.oneof(of([...SYMBOLS, ' ']), NON_ASCII)),
  },
  5: {
    valid: withAll(str(of(ALNUM), 0), of(LETTERS), of(DIGITS)),
    invalid: fc.oneof(
      str(of(LETTERS)),
      str(of(DIGITS)),
      insert(withAll(str(of(ALNUM), 0), of(LETTERS), of(DIGITS)), of(SYMBOLS)),
    ),
  },
  6: {
    valid: str(of(DIGITS)),
    invalid: insert(
      str(of(DIGITS), 0),
      fc.oneof(of([...LETTERS, ...SYMBOLS, ' ']), fc.constantFrom('১', '٣', '５')),
    ),
  },
  7: {
    valid: withAll(str(of(ALNUM), 0), of(UPPER)),
    invalid: fc.oneof(
      str(of([...LOWER, ...DIGITS])),
      insert(withAll(str(of(ALNUM), 0), of(UPPER)), of([...SYMBOLS, ' '])),
    ),
  },
  8: {
    valid: withAll(str(of([...LETTERS, ' ']), 0), of(LETTERS)),
    invalid: insert(
      withAll(str(of([...LETTERS, ' ']), 0), of(LETTERS)),
      fc.oneof(of([...DIGITS, ...SYMBOLS]), NON_ASCII),
    ),
  },
  9: {
    valid: str(fc.oneof(of([...ALNUM, ...SYMBOLS]), NON_ASCII)),
    invalid: insert(
      str(fc.oneof(of([...ALNUM, ...SYMBOLS]), NON_ASCII), 0),
      fc.constantFrom(' ', '\t', '\n', '\u3000', '\u00a0'),
    ),
  },
  10: {
    valid: withAll(str(fc.oneof(HAN, of(CN_PUNCT)), 0), HAN),
    invalid: fc.oneof(
      str(of(CN_PUNCT)),
      insert(withAll(str(fc.oneof(HAN, of(CN_PUNCT)), 0), HAN), of([...ALNUM, ' '])),
    ),
  },
  11: { valid: validDate, invalid: invalidDate },
  12: { valid: str(HANGUL), invalid: insert(str(HANGUL, 0), fc.oneof(of([...ALNUM, ' ']), HAN)) },
  13: { valid: str(THAI), invalid: insert(str(THAI, 0), fc.oneof(of([...ALNUM, ' ']), HAN)) },
  14: {
    valid: withAll(str(fc.oneof(THAI, of([...LETTERS, ' '])), 0), fc.oneof(THAI, of(LETTERS))),
    invalid: insert(
      withAll(str(fc.oneof(THAI, of([...LETTERS, ' '])), 0), fc.oneof(THAI, of(LETTERS))),
      fc.oneof(of([...DIGITS, ...SYMBOLS]), HAN),
    ),
  },
  15: {
    valid: withAll(str(of([...UPPER, ' ']), 0), of(UPPER)),
    invalid: insert(
      withAll(str(of([...UPPER, ' ']), 0), of(UPPER)),
      fc.oneof(of([...LOWER, ...DIGITS]), NON_ASCII),
    ),
  },
  16: {
    valid: str(of([...ALNUM, ...SYMBOLS])),
    invalid: insert(str(of([...ALNUM, ...SYMBOLS]), 0), fc.oneof(fc.constant(' '), NON_ASCII)),
  },
  17: {
    valid: withAll(str(of([...ALNUM, ...SYMBOLS]), 0), of(UPPER), of(LOWER), of(DIGITS), of(SYMBOLS)),
    invalid: fc.oneof(
      // one of the four classes missing
      withAll(str(of([...LOWER, ...DIGITS, ...SYMBOLS]), 0), of(LOWER)),
      withAll(str(of([...UPPER, ...DIGITS, ...SYMBOLS]), 0), of(UPPER)),
      withAll(str(of([...LETTERS, ...SYMBOLS]), 0), of(SYMBOLS)),
      withAll(str(of(ALNUM), 0), of(DIGITS)),
      insert(
        withAll(str(of([...ALNUM, ...SYMBOLS]), 0), of(UPPER), of(LOWER), of(DIGITS), of(SYMBOLS)),
        fc.constantFrom(' ', 'é'),
      ),
    ),
  },
};

const rule = (patternId: number, over: Partial<TRuleLike> = {}): TRuleLike => ({
  acceptedPattern: '*',
  minLength: 0,
  maxLength: 1000,
  patternId,
  required: true,
  ...over,
});

describe('pattern catalogue', () => {
  it('covers every kind of SPEC §5 with ids 0-17 and keeps the reference ids', () => {
    expect(PATTERN_IDS).toEqual(Array.from({ length: 18 }, (_, i) => i));
    expect(PATTERN_KINDS[1]!.name).toBe('letterFirstAlnum');
    expect(PATTERN_KINDS[4]!.name).toBe('alnum');
    expect(PATTERN_KINDS[6]!.name).toBe('digits');
    for (const id of PATTERN_IDS) {
      expect(CASES[id], `test generators for ${id}`).toBeDefined();
      expect(PATTERN_KINDS[id]!.bn).toMatch(/[\u0980-\u09FF]/);
    }
  });

  for (const id of PATTERN_IDS) {
    const name = PATTERN_KINDS[id]!.name;
    it(`${id} ${name}: generated valid values pass (kind and validateField)`, () => {
      fc.assert(
        fc.property(CASES[id]!.valid, (v) => {
          expect(PATTERN_KINDS[id]!.test(v)).toBe(true);
          if (v.trim() === v) expect(validateField(rule(id), v)).toBeNull();
        }),
        { numRuns: 300 },
      );
    });
    if (id !== 0) {
      it(`${id} ${name}: generated invalid values fail with reg_pattern_${id}`, () => {
        fc.assert(
          fc.property(CASES[id]!.invalid, (v) => {
            expect(PATTERN_KINDS[id]!.test(v)).toBe(false);
            if (v.trim() !== '' && v.trim() === v)
              expect(validateField(rule(id), v)?.key).toBe(`reg_pattern_${id}`);
          }),
          { numRuns: 300 },
        );
      });
    }
  }

  it('0 any: accepts every non-empty value; only emptiness (required) fails', () => {
    expect(validateField(rule(0), '   ')).toMatchObject({ key: 'required' });
    expect(validateField(rule(0, { required: false }), '')).toBeNull();
  });

  it('examples', () => {
    const ok = (id: number, v: string) => expect(PATTERN_KINDS[id]!.test(v), `${id} ${v}`).toBe(true);
    const bad = (id: number, v: string) => expect(PATTERN_KINDS[id]!.test(v), `${id} ${v}`).toBe(false);
    ok(1, 'rahim2024');
    bad(1, '2024rahim');
    ok(3, 'first.last+tag@mail.example.com');
    bad(3, 'a@b');
    bad(3, 'a..b@example.com');
    ok(5, 'abc123');
    bad(5, 'abcdef');
    ok(11, '2024-02-29');
    bad(11, '2023-02-29');
    ok(11, '12-31-1999');
    bad(11, '1999-12-32');
    bad(11, '31-12-1999');
    ok(12, '김민준');
    ok(13, 'สมชาย');
    ok(14, 'สมชาย Smith');
    ok(17, 'Aa1!aaaa');
    bad(17, 'Aa1aaaaa');
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
  });
});

describe('length bounds (code points)', () => {
  it('a value passes exactly when its length lies within [min, max]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        str(of(ALNUM), 1, 40),
        (a, b, v) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const err = validateField(rule(4, { minLength: min, maxLength: max }), v);
          const inside = v.length >= min && v.length <= max;
          expect(err === null).toBe(inside);
          if (err) expect(err.params).toEqual(min === max ? [min] : [min, max]);
        },
      ),
    );
  });

  it('counts astral and Bengali characters once each', () => {
    fc.assert(
      fc.property(str(fc.oneof(of(BENGALI), fc.constantFrom('😀', '𠀋')), 1, 20), (v) => {
        const n = [...v].length;
        expect(validateField(rule(0, { minLength: n, maxLength: n }), v)).toBeNull();
        expect(validateField(rule(0, { minLength: n + 1, maxLength: n + 5 }), v)?.key).toBe('reg_pattern_0');
        if (n > 1)
          expect(validateField(rule(0, { minLength: 0, maxLength: n - 1 }), v)?.key).toBe('reg_pattern_0');
      }),
    );
  });

  it('trims before measuring and matching', () => {
    expect(validateField(rule(4, { minLength: 4, maxLength: 4 }), '  ab12 ')).toBeNull();
  });

  it('messages substitute min and max, a single number when equal', () => {
    const e1 = validateField(rule(6, { minLength: 6, maxLength: 6 }), '12')!;
    expect(e1.params).toEqual([6]);
    expect(fieldErrorMessage(e1, 'EN')).toBe('6 digits only');
    const e2 = validateField(rule(4, { minLength: 6, maxLength: 12 }), 'a!')!;
    expect(fieldErrorMessage(e2, 'EN')).toBe('6-12 letters or digits, no special characters');
    expect(fieldErrorMessage(e2, 'BN')).toContain('6-12');
  });
});

describe('acceptedPattern', () => {
  it("'*' and '.*' match everything; anything else is anchored", () => {
    expect(compileAcceptedPattern('*')).toBe('match-all');
    expect(compileAcceptedPattern('.*')).toBe('match-all');
    expect(validateField(rule(0, { acceptedPattern: '[a-z]+' }), 'abc')).toBeNull();
    expect(validateField(rule(0, { acceptedPattern: '[a-z]+' }), 'abc1')?.key).toBe('reg_pattern_0');
    expect(validateField(rule(0, { acceptedPattern: 'b' }), 'abc')?.key).toBe('reg_pattern_0');
  });

  it('applies the pattern and the kind together', () => {
    // pattern allows digits, kind 1 wants a letter first
    expect(validateField(rule(1, { acceptedPattern: '^[A-Za-z0-9]*$' }), '1abc')?.key).toBe('reg_pattern_1');
    // kind allows, pattern narrower
    expect(validateField(rule(4, { acceptedPattern: '^[a-z]*$' }), 'ABC')?.key).toBe('reg_pattern_4');
  });

  it('never throws on bad or catastrophic configuration: mismatch, logged once', () => {
    const log = vi.fn();
    for (const p of ['(a+)+$', '^(\\w*)*$', '^(a|aa)+$', '(x)\\1', '[unclosed', 'a'.repeat(300)]) {
      const uniq = `${p}`;
      expect(compileAcceptedPattern(uniq, log), p).toBeNull();
      expect(validateField(rule(0, { acceptedPattern: uniq }), 'Zq9v', { log })?.key).toBe('reg_pattern_0');
    }
    expect(log).toHaveBeenCalledTimes(6);
    expect(JSON.stringify(log.mock.calls)).not.toContain('Zq9v');
  });

  it('keeps ordinary groups and non-capturing groups usable', () => {
    expect(compileAcceptedPattern('^(?:[A-Za-z]{2})[0-9]*$')).toBeInstanceOf(RegExp);
    expect(compileAcceptedPattern('^[A-Za-z0-9\\_]*$')).toBeInstanceOf(RegExp);
  });

  it('finishes quickly on adversarial input against every accepted seeded shape', () => {
    const t0 = Date.now();
    validateField(
      rule(3, { acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', maxLength: 64 }),
      `${'a@'.repeat(40)}`,
    );
    expect(Date.now() - t0).toBeLessThan(200);
  });
});

describe('phone numbers', () => {
  it('normalises Bangladeshi numbers with or without the trunk 0', () => {
    expect(normalisePhone('+880', '01712345678')).toBe('1712345678');
    expect(normalisePhone('880', '1712345678')).toBe('1712345678');
    expect(normalisePhone('+880', '017-1234 5678')).toBe('1712345678');
    expect(normalisePhone('+880', '171234567')).toBeNull();
    expect(normalisePhone('+880', '017123456789')).toBeNull();
    expect(normalisePhone('+880', '0017123456')).toBeNull();
    expect(normalisePhone('+880', '01712a45678')).toBeNull();
    expect(normalisePhone('+880', '')).toBeNull();
    expect(normalisePhone('abc', '01712345678')).toBeNull();
    expect(fullPhone('+880', '1712345678')).toBe('8801712345678');
  });
  it('reads every common spelling of a number as one canonical national number', () => {
    for (const typed of [
      '01717527071',
      '1717527071',
      '+8801717527071',
      '8801717527071',
      '008801717527071',
      '+880 1717-527071',
      '+880 (0)1717 527071',
      '0171-752 7071',
      '880 1717 527 071',
      ' 01717.527.071 ',
    ])
      expect(normalisePhone('+880', typed), typed).toBe('1717527071');
    // another country's code is no number of this country; a wrong length stays wrong
    expect(normalisePhone('+880', '+911717527071')).toBeNull();
    expect(normalisePhone('+880', '+88017175270')).toBeNull();
    expect(normalisePhone('+880', '88001717527071x')).toBeNull();
    expect(normalisePhone('+880', '+')).toBeNull();
    // country-aware: the same digits read in the merchant's own country
    expect(normalisePhone('+91', '+91 98765 43210')).toBe('9876543210');
    expect(normalisePhone('+91', '09876543210')).toBe('9876543210');
    expect(normalisePhone('+1', '1 (202) 555-0123')).toBe('2025550123');
    expect(normalisePhone('+1', '+1 202 555 0123')).toBe('2025550123');
  });
  it('property: a BD mobile number in any spelling normalises to the same national number', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.constantFrom(...range(0x33, 0x39)), str(of(DIGITS), 8, 8)),
        fc.constantFrom('', '0', '880', '+880', '00880', '+880 0'),
        fc.constantFrom('', ' ', '-'),
        ([a, b], prefix, sep) => {
          const n = `1${a}${b}`;
          const typed = `${prefix}${n.slice(0, 4)}${sep}${n.slice(4)}`;
          expect(normalisePhone('+880', typed)).toBe(n);
        },
      ),
    );
  });
  it('shows a stored national number with its trunk prefix', () => {
    expect(nationalDisplay('+880', '1336712345')).toBe('01336712345');
    expect(nationalDisplay('880', '1336712345')).toBe('01336712345');
    expect(nationalDisplay('+880', '01336712345')).toBe('01336712345');
    // the US has no trunk prefix; a missing code leaves the number alone
    expect(nationalDisplay('+1', '2025550123')).toBe('2025550123');
    expect(nationalDisplay(null, '1336712345')).toBe('1336712345');
    expect(nationalDisplay('+880', '')).toBe('');
  });
  it('dialing codes', () => {
    expect(normaliseDialingCode(' +880 ')).toBe('+880');
    expect(normaliseDialingCode(91)).toBe('+91');
    expect(normaliseDialingCode('+0')).toBeNull();
    expect(normaliseDialingCode('+12345')).toBeNull();
  });
  it('property: any BD mobile number (1[3-9] + 8 digits), with or without 0, normalises to itself', () => {
    fc.assert(
      fc.property(fc.tuple(fc.constantFrom(...range(0x33, 0x39)), str(of(DIGITS), 8, 8)), ([a, b]) => {
        const n = `1${a}${b}`;
        expect(normalisePhone('+880', n)).toBe(n);
        expect(normalisePhone('+880', `0${n}`)).toBe(n);
      }),
    );
  });
});

describe('validateRegistration', () => {
  const rules = {
    username: { ...rule(1, { minLength: 4, maxLength: 16 }), enabled: true },
    password: { ...rule(16, { minLength: 6, maxLength: 20 }), enabled: true },
    confirmPassword: { ...rule(16, { minLength: 6, maxLength: 20 }), enabled: true },
    mobileNum: { ...rule(6, { minLength: 10, maxLength: 11, required: false }), enabled: true },
    email: { ...rule(3, { minLength: 5, maxLength: 64, required: false }), enabled: true },
    payeeName: { ...rule(8, { minLength: 2, maxLength: 50 }), enabled: false },
    verificationCode: { ...rule(6, { minLength: 6, maxLength: 6, required: false }), enabled: true },
    paymentPassword: { ...rule(6, { minLength: 6, maxLength: 6, required: false }), enabled: false },
  };
  const good = {
    username: 'rahim01',
    password: 'Secret#1',
    confirmPassword: 'Secret#1',
    termsAccepted: true,
    ageConfirmed: true,
  };
  const v = (input: object, mode: 'username' | 'mobile' = 'username', smsRequired = false) =>
    validateRegistration(rules, input, { mode, smsRequired });

  it('passes a good form', () => expect(v(good)).toEqual({}));
  it('requires username and password whatever the rule flag says', () => {
    const r = { ...rules, username: { ...rules.username, required: false, enabled: false } };
    expect(
      validateRegistration(r, { ...good, username: '' }, { mode: 'username', smsRequired: false }).username
        ?.key,
    ).toBe('required');
  });
  it("confirmation must equal the password ('inconsistent twice')", () => {
    expect(v({ ...good, confirmPassword: 'Secret#2' }).confirmPassword?.key).toBe('inconsistent');
  });
  it('terms and age agreement must be ticked', () => {
    const e = v({ ...good, termsAccepted: false, ageConfirmed: undefined });
    expect(e.termsAccepted?.key).toBe('agree');
    expect(e.ageConfirmed?.key).toBe('agree');
  });
  it("the age agreement must name at least the merchant's age; the error carries that age", () => {
    const at = (input: object, ageLimit?: number) =>
      validateRegistration(rules, { ...good, ...input }, { mode: 'username', smsRequired: false, ageLimit });
    expect(at({}, 21)).toEqual({});
    expect(at({ confirmedAge: 21 }, 21)).toEqual({});
    expect(at({ confirmedAge: 25 }, 21)).toEqual({});
    expect(at({ confirmedAge: 18 }, 21).ageConfirmed).toEqual({
      key: 'agree',
      min: 21,
      max: 21,
      params: [21],
    });
    expect(at({ ageConfirmed: false, confirmedAge: 21 }, 21).ageConfirmed?.params).toEqual([21]);
    // without a limit any agreement counts
    expect(at({ confirmedAge: 0 })).toEqual({});
  });
  it('skips disabled fields and checks enabled optional ones only when filled', () => {
    expect(v({ ...good, payeeName: '1' })).toEqual({});
    expect(v({ ...good, email: 'nope' }).email?.key).toBe('reg_pattern_3');
    expect(v({ ...good, email: '' })).toEqual({});
  });
  it('mobile mode: mobile required and phone-formatted, username not checked, code when SMS is on', () => {
    const base = {
      password: 'Secret#1',
      confirmPassword: 'Secret#1',
      termsAccepted: true,
      ageConfirmed: true,
    };
    expect(v({ ...base, mobileNum: '' }, 'mobile').mobileNum?.key).toBe('required');
    expect(
      v({ ...base, mobileNum: '02712345678', countryDialingCode: '+880' }, 'mobile').mobileNum?.key,
    ).toBe('phone_format');
    expect(v({ ...base, mobileNum: '01712345678', countryDialingCode: '+880' }, 'mobile')).toEqual({});
    // the digits rule (10-11) sees the number as written at home, whatever spelling was typed
    expect(v({ ...base, mobileNum: '+880 1712-345678', countryDialingCode: '+880' }, 'mobile')).toEqual({});
    expect(v({ ...base, mobileNum: '8801712345678' }, 'mobile')).toEqual({});
    expect(v({ ...base, mobileNum: '01712345678' }, 'mobile', true).verificationCode?.key).toBe('required');
    expect(v({ ...base, mobileNum: '01712345678', verificationCode: '123456' }, 'mobile', true)).toEqual({});
  });
  it('confirmPassword: left out (optional) is not asked for; sent, it must match; the form always asks', () => {
    const { confirmPassword: _c, ...noConfirm } = good;
    const o = (input: object) =>
      validateRegistration(rules, input, { mode: 'username', smsRequired: false, confirmOptional: true });
    expect(o(noConfirm)).toEqual({});
    expect(o({ ...good, confirmPassword: 'Secret#2' }).confirmPassword?.key).toBe('inconsistent');
    expect(o({ ...good, confirmPassword: '' }).confirmPassword?.key).toBe('required');
    expect(v(noConfirm).confirmPassword?.key).toBe('required');
  });
  it('consent: required by default; when not required, absent ticks pass but a refusal does not', () => {
    const { termsAccepted: _t, ageConfirmed: _a, ...noConsent } = good;
    const c = (input: object, consentRequired: boolean) =>
      validateRegistration(rules, input, {
        mode: 'username',
        smsRequired: false,
        ageLimit: 18,
        consentRequired,
      });
    expect(Object.keys(c(noConsent, true)).sort()).toEqual(['ageConfirmed', 'termsAccepted']);
    expect(v(noConsent).termsAccepted?.key).toBe('agree');
    expect(c(noConsent, false)).toEqual({});
    expect(c({ ...noConsent, termsAccepted: false }, false).termsAccepted?.key).toBe('agree');
    expect(c({ ...noConsent, ageConfirmed: true, confirmedAge: 16 }, false).ageConfirmed?.key).toBe('agree');
  });
  it('the SMS code follows REGMOBVERF3 for both forms; a tree without it keeps mobile verified', () => {
    expect(registrationSmsRequired('mobile', { REGMOBVERF3: true })).toBe(true);
    expect(registrationSmsRequired('username', { REGMOBVERF3: true })).toBe(true);
    expect(registrationSmsRequired('mobile', { REGMOBVERF3: false })).toBe(false);
    expect(registrationSmsRequired('username', { REGMOBVERF3: false })).toBe(false);
    expect(registrationSmsRequired('mobile', {})).toBe(true);
    expect(registrationSmsRequired('username', {})).toBe(false);
  });
  it('mobile mode without password registration needs no password', () => {
    expect(
      validateRegistration(
        rules,
        { mobileNum: '01712345678', verificationCode: '123456', termsAccepted: true, ageConfirmed: true },
        { mode: 'mobile', smsRequired: true, mobilePassword: false },
      ),
    ).toEqual({});
  });
});
