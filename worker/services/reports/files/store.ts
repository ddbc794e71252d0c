/**
 * Puts a rendered report (a stream of unknown length) into R2 without holding it whole (ADR 086).
 * R2's `put` needs the length up front, so the bytes are gathered into parts of PART_BYTES: a file
 * that ends within the first part is one `put`; a larger one is a multipart upload whose parts
 * all have PART_BYTES (R2 wants equal parts, the last may be smaller). At most one part (plus the
 * chunk being read) is in memory at a time. Any failure aborts the upload: no half object stays
 * under the key, and a retry writes the same key again (one file per row, never two).
 */

/** 5 MiB: R2's smallest part but the last. */
export const PART_BYTES = 5 * 1024 * 1024;

export interface StoredObject {
  bytes: number;
}

/** The calls this needs from R2 (the tests' in-memory bucket has them too). */
export type ReportBucket = Pick<R2Bucket, "put" | "createMultipartUpload" | "delete">;

export async function putStream(
  bucket: ReportBucket,
  key: string,
  stream: ReadableStream<Uint8Array>,
  contentType: string,
  partBytes = PART_BYTES,
): Promise<StoredObject> {
  const reader = stream.getReader();
  let part = new Uint8Array(partBytes);
  let filled = 0;
  let total = 0;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  const options = { httpMetadata: { contentType } };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let offset = 0;
      total += value.byteLength;
      while (offset < value.byteLength) {
        const take = Math.min(partBytes - filled, value.byteLength - offset);
        part.set(value.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === partBytes) {
          upload ??= await bucket.createMultipartUpload(key, options);
          parts.push(await upload.uploadPart(parts.length + 1, part));
          part = new Uint8Array(partBytes);
          filled = 0;
        }
      }
    }
    if (!upload) {
      await bucket.put(key, part.subarray(0, filled), options);
      return { bytes: total };
    }
    if (filled > 0) parts.push(await upload.uploadPart(parts.length + 1, part.subarray(0, filled)));
    await upload.complete(parts);
    return { bytes: total };
  } catch (error) {
    reader.cancel(error).catch(() => {});
    if (upload) await upload.abort().catch(() => {});
    throw error;
  }
}
