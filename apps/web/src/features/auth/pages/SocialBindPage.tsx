export default function SocialBindPage() {
  return null;
}
