export default function TableGame() {
  return <p>table</p>;
}
