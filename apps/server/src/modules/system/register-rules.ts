import type { TRegisterFieldRule } from '@bp/contract';

/**
 * Registration field rules used when a merchant has no row for a field (SPEC §5, API-REFERENCE
 * `/wps/system/setting/register`). `patternId` selects the client's message `reg_pattern_<id>`:
 * the catalogue `PATTERN_KINDS` in @bp/contract (0 any, 1 letter first then letters and digits, 3 email,
 * 4 alphanumeric, 6 digits only, 8 English letters and spaces, 16 letters, numbers and symbols). Registration
 * enforces them on the server with the contract's `validateRegistration`, the code the web form runs.
 */
export const DEFAULT_REGISTER_RULES: Readonly<Record<string, TRegisterFieldRule>> = Object.freeze({
  username: {
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    minLength: 4,
    maxLength: 16,
    patternId: 1,
    enabled: true,
    required: true,
  },
  password: {
    acceptedPattern: '^[A-Za-z0-9!@#$%^&*._-]*$',
    minLength: 6,
    maxLength: 20,
    patternId: 16,
    enabled: true,
    required: true,
  },
  confirmPassword: {
    acceptedPattern: '^[A-Za-z0-9!@#$%^&*._-]*$',
    minLength: 6,
    maxLength: 20,
    patternId: 16,
    enabled: true,
    required: true,
  },
  mobileNum: {
    acceptedPattern: '^[0-9]*$',
    minLength: 10,
    maxLength: 11,
    patternId: 6,
    enabled: true,
    required: false,
  },
  email: {
    acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    minLength: 5,
    maxLength: 64,
    patternId: 3,
    enabled: true,
    required: false,
  },
  payeeName: {
    acceptedPattern: '^[A-Za-z ]*$',
    minLength: 2,
    maxLength: 50,
    patternId: 8,
    enabled: false,
    required: false,
  },
  paymentPassword: {
    acceptedPattern: '^[0-9]*$',
    minLength: 6,
    maxLength: 6,
    patternId: 6,
    enabled: false,
    required: false,
  },
  qqNum: {
    acceptedPattern: '^[0-9]*$',
    minLength: 5,
    maxLength: 12,
    patternId: 6,
    enabled: false,
    required: false,
  },
  line: { acceptedPattern: '*', minLength: 1, maxLength: 50, patternId: 0, enabled: false, required: false },
  whatsapp: {
    acceptedPattern: '^[0-9]*$',
    minLength: 6,
    maxLength: 20,
    patternId: 6,
    enabled: false,
    required: false,
  },
  facebook: {
    acceptedPattern: '*',
    minLength: 1,
    maxLength: 100,
    patternId: 0,
    enabled: false,
    required: false,
  },
  wechat: {
    acceptedPattern: '*',
    minLength: 1,
    maxLength: 50,
    patternId: 0,
    enabled: false,
    required: false,
  },
  idNumber: {
    acceptedPattern: '^[A-Za-z0-9]*$',
    minLength: 6,
    maxLength: 20,
    patternId: 4,
    enabled: false,
    required: false,
  },
  recommenderId: {
    acceptedPattern: '^[A-Za-z0-9]*$',
    minLength: 1,
    maxLength: 20,
    patternId: 4,
    enabled: false,
    required: false,
  },
  affiliateCode: {
    acceptedPattern: '^[A-Za-z0-9]*$',
    minLength: 1,
    maxLength: 20,
    patternId: 4,
    enabled: true,
    required: false,
  },
  // image captcha on the register form: off in the demo (the slider and SMS code guard registration);
  // an operator switches it on per merchant
  captcha: {
    acceptedPattern: '^[0-9]*$',
    minLength: 4,
    maxLength: 6,
    patternId: 6,
    enabled: false,
    required: true,
  },
  verificationCode: {
    acceptedPattern: '^[0-9]*$',
    minLength: 4,
    maxLength: 6,
    patternId: 6,
    enabled: true,
    required: false,
  },
});
