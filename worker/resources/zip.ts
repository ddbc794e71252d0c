/**
 * A streaming ZIP writer on Web Streams (no dependency): entries are deflated with the
 * runtime's `CompressionStream("deflate-raw")` (Workers and Node both have it) and written with
 * data descriptors, so an entry's bytes go out as they are produced and never sit in memory
 * whole. Enough for XLSX (Office Open XML is a ZIP of XML parts).
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** Incremental CRC-32 (the ZIP polynomial). Start with 0. */
export function crc32(crc: number, bytes: Uint8Array): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}

export interface ZipEntry {
  name: string;
  /** The entry's uncompressed content, produced lazily. */
  content: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

interface Written {
  name: Uint8Array;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** DOS date/time of "now" is not needed: a fixed 1980-01-01 keeps output reproducible. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
/** Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8. */
const FLAGS = 0x0008 | 0x0800;

function header(size: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(size);
  return { bytes, view: new DataView(bytes.buffer) };
}

async function* deflate(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, onChunk: (bytes: Uint8Array) => void) {
  const stream = new CompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  const pump = (async () => {
    for await (const chunk of source) {
      onChunk(chunk);
      await writer.write(chunk as Uint8Array<ArrayBuffer>);
    }
    await writer.close();
  })();
  const reader = stream.readable.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      yield value as Uint8Array;
    }
  } finally {
    reader.releaseLock();
  }
  await pump;
}

/** The ZIP file as a byte stream; entries are produced and compressed one after another as the reader pulls. */
export function zipStream(entries: readonly ZipEntry[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* produce(): AsyncGenerator<Uint8Array> {
    const written: Written[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = encoder.encode(entry.name);
      const local = header(30 + name.length);
      local.view.setUint32(0, 0x04034b50, true);
      local.view.setUint16(4, 20, true);
      local.view.setUint16(6, FLAGS, true);
      local.view.setUint16(8, 8, true);
      local.view.setUint16(10, DOS_TIME, true);
      local.view.setUint16(12, DOS_DATE, true);
      // CRC and sizes are zero here: the data descriptor carries them.
      local.view.setUint16(26, name.length, true);
      local.bytes.set(name, 30);
      yield local.bytes;
      const start = offset;
      offset += local.bytes.length;

      let crc = 0;
      let size = 0;
      let compressed = 0;
      for await (const chunk of deflate(entry.content(), (bytes) => {
        crc = crc32(crc, bytes);
        size += bytes.length;
      })) {
        compressed += chunk.length;
        yield chunk;
      }
      offset += compressed;

      const descriptor = header(16);
      descriptor.view.setUint32(0, 0x08074b50, true);
      descriptor.view.setUint32(4, crc, true);
      descriptor.view.setUint32(8, compressed, true);
      descriptor.view.setUint32(12, size, true);
      yield descriptor.bytes;
      offset += 16;
      written.push({ name, offset: start, crc, compressed, size });
    }

    const centralStart = offset;
    let centralSize = 0;
    for (const w of written) {
      const central = header(46 + w.name.length);
      central.view.setUint32(0, 0x02014b50, true);
      central.view.setUint16(4, 20, true);
      central.view.setUint16(6, 20, true);
      central.view.setUint16(8, FLAGS, true);
      central.view.setUint16(10, 8, true);
      central.view.setUint16(12, DOS_TIME, true);
      central.view.setUint16(14, DOS_DATE, true);
      central.view.setUint32(16, w.crc, true);
      central.view.setUint32(20, w.compressed, true);
      central.view.setUint32(24, w.size, true);
      central.view.setUint16(28, w.name.length, true);
      central.view.setUint32(42, w.offset, true);
      central.bytes.set(w.name, 46);
      centralSize += central.bytes.length;
      yield central.bytes;
    }
    const end = header(22);
    end.view.setUint32(0, 0x06054b50, true);
    end.view.setUint16(8, written.length, true);
    end.view.setUint16(10, written.length, true);
    end.view.setUint32(12, centralSize, true);
    end.view.setUint32(16, centralStart, true);
    yield end.bytes;
  }

  const iterator = produce();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}
