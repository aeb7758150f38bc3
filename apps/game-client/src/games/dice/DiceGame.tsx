export default function DiceGame() {
  return <p>dice</p>;
}
