/**
 * An address as logs may show it: the first letter of the mailbox and the domain
 * ("m•••@exemplo.com.br"), enough to tell messages apart while debugging, not enough to
 * collect addresses from a log.
 */
export function redactEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}
