export default function VerifyPage() {
  return <p>verify</p>;
}
