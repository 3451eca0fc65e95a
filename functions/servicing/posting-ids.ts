/** A transaction id borrowers read (confirmation numbers, the Trans. ID column): nine digits. */
export function newTransactionId(): number {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return 100_000_000 + (n! % 900_000_000);
}
