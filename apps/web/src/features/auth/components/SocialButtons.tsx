/** Social login buttons: wired when the social-login contract lands (see TwoFactorStep for the same). */
export function SocialButtons() {
  return null;
}
