/**
 * Why a Pix code cannot be made, in pt-BR, for the person at the counter: a field that does not
 * fit the BR Code, a key that is not valid. Thrown by the builders; a screen shows `message`.
 */
export class PixError extends Error {
  override readonly name = "PixError";
}
