/**
 * An in-memory R2 bucket with the calls the services and the file routes make (property photos,
 * post images, documents): what the api harness gives every app as FILES, as wrangler gives its local R2.
 */
export function fakeBucket() {
  const objects = new Map<
    string,
    { bytes: Uint8Array; contentType: string | undefined; customMetadata?: Record<string, string>; uploaded: Date }
  >();
  const multipartUploads = { count: 0, aborted: 0 };
  const bucket = {
    objects,
    async put(
      key: string,
      value: ArrayBuffer | Uint8Array,
      options?: { httpMetadata?: { contentType?: string }; customMetadata?: Record<string, string> },
    ) {
      objects.set(key, {
        bytes: new Uint8Array(value instanceof Uint8Array ? value : new Uint8Array(value)),
        contentType: options?.httpMetadata?.contentType,
        customMetadata: options?.customMetadata,
        uploaded: new Date(),
      });
      return { key };
    },
    async head(key: string) {
      const object = objects.get(key);
      // `uploaded`: the publisher sends only files stored before the post's approval (ADR 047 amendment).
      return object ? { key, size: object.bytes.byteLength, uploaded: object.uploaded, customMetadata: object.customMetadata ?? {} } : null;
    },
    async get(key: string) {
      const object = objects.get(key);
      if (!object) return null;
      return {
        key,
        size: object.bytes.byteLength,
        httpEtag: `"${object.bytes.byteLength}-${key.length}"`,
        httpMetadata: { contentType: object.contentType },
        body: new Blob([object.bytes as BlobPart]).stream(),
      };
    },
    /** One page of keys under `prefix`, in key order, with their upload time (as R2 lists). */
    async list(options?: { prefix?: string; limit?: number }) {
      const keys = [...objects.keys()].filter((k) => k.startsWith(options?.prefix ?? "")).sort();
      const page = keys.slice(0, options?.limit ?? 1000);
      return {
        objects: page.map((key) => {
          const object = objects.get(key) as { bytes: Uint8Array; uploaded: Date };
          return { key, size: object.bytes.byteLength, uploaded: object.uploaded };
        }),
        truncated: page.length < keys.length,
      };
    },
    /** R2's multipart upload (report files larger than a part): the object appears whole on `complete`. */
    async createMultipartUpload(key: string, options?: { httpMetadata?: { contentType?: string } }) {
      const parts = new Map<number, Uint8Array>();
      multipartUploads.count++;
      return {
        key,
        uploadId: `upload-${multipartUploads.count}`,
        async uploadPart(partNumber: number, value: Uint8Array | ArrayBuffer) {
          parts.set(partNumber, new Uint8Array(value instanceof Uint8Array ? value : new Uint8Array(value)).slice());
          return { partNumber, etag: `etag-${partNumber}` };
        },
        async abort() {
          parts.clear();
          multipartUploads.aborted++;
        },
        async complete(uploaded: { partNumber: number }[]) {
          const chunks = uploaded.map((p) => parts.get(p.partNumber) as Uint8Array);
          const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
          let offset = 0;
          for (const c of chunks) {
            bytes.set(c, offset);
            offset += c.byteLength;
          }
          objects.set(key, { bytes, contentType: options?.httpMetadata?.contentType, uploaded: new Date() });
          return { key, size: bytes.byteLength };
        },
      };
    },
    multipartUploads,
    async delete(keys: string | string[]) {
      for (const key of Array.isArray(keys) ? keys : [keys]) objects.delete(key);
    },
  };
  return bucket;
}
