import type { Database } from "../../../db/client.ts";
import { organizations } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { Segment } from "../../../db/schema/organizations.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { readImageHeader, readPngHeader } from "../../../shared/image-header.ts";

/** The caller's own organization; every query is filtered by the org id from the session. */

export type Organization = typeof organizations.$inferSelect;

export async function getOrganization(db: Database, orgId: string): Promise<Organization | null> {
  const [row] = await db.select().from(organizations).where(orgScope(db, orgId).self()).limit(1);
  return row ?? null;
}

export interface OrganizationInput {
  nome: string;
  segmento: Segment;
  documento: string;
  creci?: string | undefined;
  whatsapp: string;
  email?: string | undefined;
  cep?: string | undefined;
  rua?: string | undefined;
  numero?: string | undefined;
  complemento?: string | undefined;
  bairro?: string | undefined;
  cidade: string;
  uf: string;
  descricao?: string | undefined;
  vozMarca?: string | undefined;
}

/**
 * Saves the business profile and, when `logoKey` is given (a new key, or null to remove),
 * the logo too — in one round trip. Returns the logo key it replaced so the caller can delete
 * the old object from storage.
 */
export async function updateOrganization(
  ctx: ServiceContext,
  orgId: string,
  input: OrganizationInput,
  options: { logoKey?: string | null } = {},
): Promise<{ previousLogoKey: string | null }> {
  const values = {
    name: input.nome,
    segment: input.segmento,
    document: input.documento,
    creci: input.creci ?? null,
    whatsapp: input.whatsapp,
    email: input.email ?? null,
    cep: input.cep ?? null,
    street: input.rua ?? null,
    number: input.numero ?? null,
    complement: input.complemento ?? null,
    district: input.bairro ?? null,
    city: input.cidade,
    uf: input.uf,
    description: input.descricao ?? null,
    brandVoice: input.vozMarca ?? null,
    updatedAt: ctx.now,
    ...(options.logoKey !== undefined ? { logoKey: options.logoKey } : {}),
  };
  // A batch runs in order: the select sees the row before the update.
  const [before, updated] = await ctx.db.batch([
    ctx.db.select({ logoKey: organizations.logoKey }).from(organizations).where(orgScope(ctx.db, orgId).self()).limit(1),
    ctx.db.update(organizations).set(values).where(orgScope(ctx.db, orgId).self()),
  ]);
  if (updated.rowsAffected === 0) throw new DomainError("Organização não encontrada.", 404);
  const previous = before[0]?.logoKey ?? null;
  return { previousLogoKey: options.logoKey !== undefined && previous !== options.logoKey ? previous : null };
}

/** Sets (or clears, with null) the logo alone; returns the key it replaced. */
export async function setLogo(ctx: ServiceContext, orgId: string, key: string | null): Promise<{ previousLogoKey: string | null }> {
  if (key !== null && !key.startsWith(orgPrefix(orgId))) throw new DomainError("Arquivo de outra organização.", 403);
  const [before] = await ctx.db.batch([
    ctx.db.select({ logoKey: organizations.logoKey }).from(organizations).where(orgScope(ctx.db, orgId).self()).limit(1),
    ctx.db.update(organizations).set({ logoKey: key, updatedAt: ctx.now }).where(orgScope(ctx.db, orgId).self()),
  ]);
  const previous = before[0]?.logoKey ?? null;
  return { previousLogoKey: previous !== key ? previous : null };
}

// ---------------------------------------------------------------------------
// Files in R2. Every object of an organization lives under `orgs/<orgId>/`; /files/* serves a
// key only to members of that organization.

export function orgPrefix(orgId: string): string {
  return `orgs/${orgId}/`;
}

/** True when `key` is a plain key inside the organization's prefix (no empty or dot segments). */
export function isOrgKey(orgId: string, key: string): boolean {
  if (!key.startsWith(orgPrefix(orgId))) return false;
  return key.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_FIELD = "logo";

export type ImageType = { mime: "image/png" | "image/jpeg" | "image/webp"; ext: "png" | "jpg" | "webp" };

/** A logo wider or taller than this is refused: no brand mark needs more, and a huge one costs every page. */
export const LOGO_MAX_PX = 4096;

/**
 * The image type of a whole file from its decoded header (PNG IHDR…IEND, JPEG SOF…EOI, WebP
 * VP8/VP8L/VP8X), whatever it claims to be: bytes behind a bare signature, a cut-off file and
 * an image over LOGO_MAX_PX are refused. Only raster formats: SVG can carry scripts.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const png = readPngHeader(bytes);
  const header = png ? { format: "png" as const, ...png } : readImageHeader(bytes);
  if (!header || header.width > LOGO_MAX_PX || header.height > LOGO_MAX_PX) return null;
  if (header.format === "png") return { mime: "image/png", ext: "png" };
  return header.format === "jpeg" ? { mime: "image/jpeg", ext: "jpg" } : { mime: "image/webp", ext: "webp" };
}

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Stores an uploaded logo under `orgs/<orgId>/logo-<random>.<ext>` after checking its size and
 * its real type. Returns the new key (the database is updated separately).
 */
export async function storeLogo(bucket: R2Bucket | undefined, orgId: string, logo: File): Promise<string> {
  if (!bucket) throw new DomainError("O armazenamento de arquivos não está configurado. Tente novamente mais tarde.", 422, LOGO_FIELD);
  if (logo.size > LOGO_MAX_BYTES) throw new DomainError("O campo Logo deve ter no máximo 2 MB.", 400, LOGO_FIELD);
  const bytes = new Uint8Array(await logo.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type)
    throw new DomainError(`O campo Logo deve ser uma imagem PNG, JPEG ou WebP de até ${LOGO_MAX_PX} × ${LOGO_MAX_PX} px.`, 400, LOGO_FIELD);
  const key = `${orgPrefix(orgId)}logo-${randomSuffix()}.${type.ext}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: type.mime } });
  return key;
}

/** Removes a replaced file; failures are logged, never shown (the new logo is already saved). */
export async function deleteOrgFile(bucket: R2Bucket | undefined, orgId: string, key: string | null): Promise<void> {
  if (!bucket || !key || !isOrgKey(orgId, key)) return;
  try {
    await bucket.delete(key);
  } catch (error) {
    console.error(`falha ao apagar ${key}`, error);
  }
}

/** An object of the caller's organization, or null (also for another organization's key). */
export async function getOrgFile(bucket: R2Bucket | undefined, orgId: string, key: string): Promise<R2ObjectBody | null> {
  if (!bucket || !isOrgKey(orgId, key)) return null;
  return bucket.get(key);
}
