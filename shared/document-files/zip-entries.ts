/**
 * The entry names of a ZIP file, read from its central directory (what DOCX and XLSX are inside).
 * Reading the directory at the end, not the first local header, means a truncated file, a file
 * with junk appended past the directory's comment, or a ZIP64 archive (no Office file of our size
 * is one) is refused rather than half-read. Pure; never inflates anything.
 */

const u16 = (b: Uint8Array, at: number): number => (b[at] as number) | ((b[at + 1] as number) << 8);
const u32 = (b: Uint8Array, at: number): number => u16(b, at) + u16(b, at + 2) * 0x10000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const EOCD_SIZE = 22;

/** The names in `b`'s central directory, or null when `b` is not a whole, plain ZIP file. */
export function zipEntryNames(b: Uint8Array): string[] | null {
  if (b.length < EOCD_SIZE + 30 || u32(b, 0) !== LOCAL) return null;
  const end = findEnd(b);
  if (end < 0) return null;
  const count = u16(b, end + 10);
  const size = u32(b, end + 12);
  const offset = u32(b, end + 16);
  if (u16(b, end + 4) !== 0 || u16(b, end + 6) !== 0 || u16(b, end + 8) !== count) return null; // multi-disk
  if (count === 0xffff || offset === 0xffffffff || offset + size !== end) return null;
  const names: string[] = [];
  const decoder = new TextDecoder("utf-8", { fatal: false });
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || u32(b, at) !== CENTRAL) return null;
    const nameLength = u16(b, at + 28);
    const next = at + 46 + nameLength + u16(b, at + 30) + u16(b, at + 32);
    if (next > end) return null;
    if (u32(b, at + 42) >= offset) return null; // a local header past the directory
    names.push(decoder.decode(b.subarray(at + 46, at + 46 + nameLength)));
    at = next;
  }
  return at === end ? names : null;
}

/** The end record's offset: the last signature whose comment runs exactly to the file's end. */
function findEnd(b: Uint8Array): number {
  const lowest = Math.max(0, b.length - EOCD_SIZE - 0xffff);
  for (let at = b.length - EOCD_SIZE; at >= lowest; at--) {
    if (u32(b, at) === EOCD && at + EOCD_SIZE + u16(b, at + 20) === b.length) return at;
  }
  return -1;
}
