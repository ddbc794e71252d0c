/** Whether a failed batch's error (or any of its causes) says `text` — libSQL wraps SQLite's message. */
export function failedWith(error: unknown, text: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.message.includes(text)) return true;
  return false;
}
