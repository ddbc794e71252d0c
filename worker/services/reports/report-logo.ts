import { loadLogo } from "../art/art-photos.ts";
import { getBrandStyle } from "../brand/brand-style.ts";
import type { ServiceContext } from "../context.ts";

/**
 * The business's logo for a report's header (ADR 081), as the data: URL `ReportHeader.logo`
 * carries: the one logo of the business profile (`organizations.logo_key`, the art's too), read
 * from R2 when it is the organização's. Only PNG and JPEG (what pdf-lib embeds); anything else,
 * a missing file or one past 2 MB leaves the header with the business's name alone.
 */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export function logoDataUrl(bytes: Uint8Array): string | null {
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_LOGO_BYTES) return null;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) return null;
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:image/${png ? "png" : "jpeg"};base64,${btoa(binary)}`;
}

export async function reportLogo(ctx: Pick<ServiceContext, "db">, bucket: R2Bucket | undefined, orgId: string): Promise<string | null> {
  if (!bucket) return null;
  const { logoKey } = await getBrandStyle(ctx, orgId);
  const bytes = await loadLogo(bucket, orgId, logoKey);
  return bytes ? logoDataUrl(bytes) : null;
}
