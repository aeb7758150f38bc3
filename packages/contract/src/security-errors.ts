/**
 * Error codes of the security module: mail, passwords, login-IP verification, TOTP, payment password,
 * social login (the catalogue in errors.ts spreads these in).
 */
export const SECURITY_ERRORS = {
  mail_send_failed: {
    status: 503,
    en: 'The e-mail could not be sent, please try again later',
    bn: 'ই-মেইল পাঠানো যায়নি, অনুগ্রহ করে পরে আবার চেষ্টা করুন',
  },
  /** SPEC §8 "username/email does not exist" (forgot password by e-mail). */
  user_email_not_exist: {
    status: 404,
    en: 'Username/email does not exist',
    bn: 'ব্যবহারকারীর নাম/ইমেইল বিদ্যমান নেই',
  },
  password_confirm_mismatch: {
    status: 422,
    en: 'Incorrect confirmation password',
    bn: 'নিশ্চিতকরণ পাসওয়ার্ড সঠিক নয়',
  },
  /** The new password breaks the merchant's password rule; `message` is the rule's text, `value` the rule. */
  password_rule: {
    status: 422,
    en: 'The password does not match the password rule',
    bn: 'পাসওয়ার্ডটি পাসওয়ার্ডের নিয়মের সাথে মেলে না',
  },
  old_password_incorrect: {
    status: 400,
    en: 'The old password is incorrect',
    bn: 'পুরানো পাসওয়ার্ড সঠিক নয়',
  },
  password_same_as_old: {
    status: 422,
    en: 'The new password must differ from the old one',
    bn: 'নতুন পাসওয়ার্ড পুরানো পাসওয়ার্ড থেকে আলাদা হতে হবে',
  },
  reset_token_invalid: {
    status: 400,
    en: 'This reset link is invalid or has expired, please request a new one',
    bn: 'এই রিসেট লিংকটি অবৈধ বা মেয়াদোত্তীর্ণ, অনুগ্রহ করে নতুন লিংক চান',
  },
  verification_code_invalid: {
    status: 422,
    en: 'Invalid or missing verification code',
    bn: 'যাচাইকরণ কোড ভুল বা দেওয়া হয়নি',
  },
  /** The ticket of a pending login is unknown, used, expired or out of tries: log in again. */
  login_ticket_invalid: {
    status: 401,
    en: 'Verification has expired, please log in again',
    bn: 'যাচাইয়ের মেয়াদ শেষ, অনুগ্রহ করে আবার লগইন করুন',
  },
  verify_method_unavailable: {
    status: 422,
    en: 'This verification method is not available for your account',
    bn: 'আপনার অ্যাকাউন্টের জন্য এই যাচাই পদ্ধতি উপলব্ধ নয়',
  },
  bank_name_mismatch: {
    status: 422,
    en: 'Please enter correct information',
    bn: 'অনুগ্রহ করে সঠিক তথ্য লিখুন',
  },
  totp_code_invalid: {
    status: 422,
    en: 'Invalid Google verification code',
    bn: 'গুগল যাচাইকরণ কোড সঠিক নয়',
  },
  totp_not_bound: {
    status: 409,
    en: 'Google Authenticator is not bound',
    bn: 'গুগল অথেনটিকেটর যুক্ত করা হয়নি',
  },
  totp_already_bound: {
    status: 409,
    en: 'Google Authenticator is already bound',
    bn: 'গুগল অথেনটিকেটর ইতিমধ্যে যুক্ত করা হয়েছে',
  },
  payment_password_exists: {
    status: 409,
    en: 'A withdrawal password is already set',
    bn: 'উত্তোলনের পাসওয়ার্ড ইতিমধ্যে সেট করা আছে',
  },
  payment_password_not_set: {
    status: 409,
    en: 'Please set a withdrawal password first',
    bn: 'অনুগ্রহ করে প্রথমে উত্তোলনের পাসওয়ার্ড সেট করুন',
  },
  payment_password_incorrect: {
    status: 400,
    en: 'The withdrawal password is incorrect',
    bn: 'উত্তোলনের পাসওয়ার্ড সঠিক নয়',
  },
  login_password_incorrect: {
    status: 400,
    en: 'The login password is incorrect',
    bn: 'লগইন পাসওয়ার্ড সঠিক নয়',
  },
  social_state_invalid: {
    status: 400,
    en: 'The social login has expired, please try again',
    bn: 'সোশ্যাল লগইনের মেয়াদ শেষ, অনুগ্রহ করে আবার চেষ্টা করুন',
  },
  /** SPEC §8 "popup closed by user (login failed, try again)" and other provider refusals. */
  social_login_failed: {
    status: 400,
    en: 'Login failed, please try again',
    bn: 'লগইন ব্যর্থ হয়েছে, অনুগ্রহ করে আবার চেষ্টা করুন',
  },
  social_ticket_invalid: {
    status: 401,
    en: 'The social login has expired, please try again',
    bn: 'সোশ্যাল লগইনের মেয়াদ শেষ, অনুগ্রহ করে আবার চেষ্টা করুন',
  },
  social_identity_bound: {
    status: 409,
    en: 'This social account is already linked to an account',
    bn: 'এই সোশ্যাল অ্যাকাউন্টটি ইতিমধ্যে একটি অ্যাকাউন্টের সাথে যুক্ত',
  },
  social_account_bound: {
    status: 409,
    en: 'This account is already linked to a social account of this provider',
    bn: 'এই অ্যাকাউন্টটি ইতিমধ্যে এই প্রদানকারীর একটি সোশ্যাল অ্যাকাউন্টের সাথে যুক্ত',
  },
} as const;
