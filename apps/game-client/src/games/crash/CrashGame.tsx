export default function CrashGame() {
  return <p>crash</p>;
}
