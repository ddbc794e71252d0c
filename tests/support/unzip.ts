/**
 * A small ZIP reader for tests (central directory + inflate with DecompressionStream), so XLSX
 * exports are checked as real archives: every entry must inflate and match its CRC-32.
 */
import { crc32 } from "../../worker/resources/zip.ts";

async function inflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Entry name → UTF-8 text. Throws on a malformed archive or a CRC mismatch. */
export async function unzip(bytes: Uint8Array): Promise<Record<string, string>> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("no end of central directory");
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const out: Record<string, string> = {};
  const decoder = new TextDecoder();
  for (let i = 0; i < entries; i++) {
    if (view.getUint32(offset, true) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = view.getUint16(offset + 10, true);
    const crc = view.getUint32(offset + 16, true);
    const compressed = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const local = view.getUint32(offset + 42, true);
    const name = decoder.decode(bytes.slice(offset + 46, offset + 46 + nameLength));
    if (view.getUint32(local, true) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.slice(dataStart, dataStart + compressed);
    const data = method === 8 ? await inflateRaw(raw) : raw;
    if (data.length !== size) throw new Error(`size mismatch for ${name}`);
    if (crc32(0, data) !== crc) throw new Error(`CRC mismatch for ${name}`);
    out[name] = decoder.decode(data);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}
