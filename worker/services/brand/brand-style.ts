import { eq, sql } from "drizzle-orm";
import { brandStyles, organizations, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { accentProblem, textOnPrimaryProblem } from "../../../shared/brand/brand-form.ts";
import { BRAND_FONTS, type BrandFontId, type BrandStyle, DEFAULT_BRAND, type HexColor } from "../../../shared/brand/brand-style.ts";
import { normalizeHex } from "../../../shared/brand/contrast.ts";
import { authorize } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/**
 * The business's brand (/cores "Estilização", ADR 054): the colours, font and app accent in
 * `brand_styles` (absent: DEFAULT_BRAND), the logo in `organizations.logo_key` (the business
 * profile's, one logo). `getBrandStyle` is what the art renderer and the generator call.
 */

const brandColumns = {
  corPrimaria: brandStyles.corPrimaria,
  corSecundaria: brandStyles.corSecundaria,
  corTextoSobrePrimaria: brandStyles.corTextoSobrePrimaria,
  fonte: brandStyles.fonte,
  corDestaqueApp: brandStyles.corDestaqueApp,
  logoKey: organizations.logoKey,
};

type BrandRead = { [K in keyof typeof brandColumns]: string | null };

/** A row (or none) as the contract's shape: the defaults for what was never saved. */
function brandOf(row: BrandRead | undefined): BrandStyle {
  if (!row?.corPrimaria) return { ...DEFAULT_BRAND, logoKey: row?.logoKey ?? null };
  return {
    corPrimaria: row.corPrimaria as HexColor,
    corSecundaria: row.corSecundaria as HexColor,
    corTextoSobrePrimaria: row.corTextoSobrePrimaria as HexColor,
    fonte: (BRAND_FONTS.some((f) => f.id === row.fonte) ? row.fonte : DEFAULT_BRAND.fonte) as BrandFontId,
    corDestaqueApp: (row.corDestaqueApp as HexColor | null) ?? null,
    logoKey: row.logoKey ?? null,
  };
}

/**
 * The organização's brand for drawing and writing (renderer, generator, jobs): no actor — the
 * caller already acts for this organização — and scoped to `orgId`. One query.
 */
export async function getBrandStyle(ctx: Pick<ServiceContext, "db">, orgId: string): Promise<BrandStyle> {
  const [row] = await ctx.db
    .select(brandColumns)
    .from(organizations)
    .leftJoin(brandStyles, eq(brandStyles.orgId, organizations.id))
    .where(orgScope(ctx.db, orgId).self())
    .limit(1);
  return brandOf(row);
}

export interface BrandForEdit {
  brand: BrandStyle;
  /** Whether the business ever saved its brand (false: the defaults are shown). */
  saved: boolean;
  orgName: string;
  atualizadoEm: string | null;
  atualizadoPorNome: string | null;
}

/** The /cores screen's data: the brand, the business's name (the preview's) and who changed it last. */
export async function getBrandForEdit(ctx: ServiceContext, actor: Actor): Promise<BrandForEdit> {
  authorize(actor, "brand", "read");
  const [row] = await ctx.db
    .select({
      ...brandColumns,
      orgName: organizations.name,
      atualizadoEm: brandStyles.atualizadoEm,
      atualizadoPorNome: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${brandStyles.atualizadoPor})`,
    })
    .from(organizations)
    .leftJoin(brandStyles, eq(brandStyles.orgId, organizations.id))
    .where(orgScope(ctx.db, actor.orgId).self())
    .limit(1);
  if (!row) throw new DomainError("Organização não encontrada.", 404);
  return {
    brand: brandOf(row),
    saved: row.corPrimaria !== null,
    orgName: row.orgName,
    atualizadoEm: row.atualizadoEm?.toISOString() ?? null,
    atualizadoPorNome: row.atualizadoPorNome,
  };
}

/** What /cores saves besides the logo (the form's output, or any caller's). */
export type BrandStyleInput = Omit<BrandStyle, "logoKey">;

/** Checks the brand again on the server: the browser's check can be skipped, the database's CHECKs only see the format. */
function checkedBrand(input: BrandStyleInput): BrandStyleInput {
  const color = (value: unknown, field: string, label: string): HexColor => {
    const hex = typeof value === "string" ? normalizeHex(value) : null;
    if (!hex) throw new DomainError(`O campo ${label} deve ser uma cor no formato #RRGGBB (ex.: #0F6E66)`, 422, field);
    return hex;
  };
  const corPrimaria = color(input.corPrimaria, "corPrimaria", "Cor primária");
  const corSecundaria = color(input.corSecundaria, "corSecundaria", "Cor secundária");
  const corTextoSobrePrimaria = color(input.corTextoSobrePrimaria, "corTextoSobrePrimaria", "Texto sobre a cor primária");
  const corDestaqueApp = input.corDestaqueApp === null ? null : color(input.corDestaqueApp, "corDestaqueApp", "Cor de destaque");
  if (!BRAND_FONTS.some((f) => f.id === input.fonte))
    throw new DomainError("O campo Fonte deve ser um dos valores permitidos", 422, "fonte");
  const pair = textOnPrimaryProblem(corPrimaria, corTextoSobrePrimaria);
  if (pair) throw new DomainError(pair, 422, "corTextoSobrePrimaria");
  const accent = corDestaqueApp ? accentProblem(corDestaqueApp) : null;
  if (accent) throw new DomainError(accent, 422, "corDestaqueApp");
  return { corPrimaria, corSecundaria, corTextoSobrePrimaria, fonte: input.fonte, corDestaqueApp };
}

/**
 * Saves the brand (an upsert of the organização's row) and, when `logoKey` is given (a new key,
 * or null to remove it), the business profile's logo — one round trip. Returns the logo key it
 * replaced, for the caller to delete after answering. A refused brand changes nothing.
 */
export async function saveBrandStyle(
  ctx: ServiceContext,
  actor: Actor,
  input: BrandStyleInput,
  options: { logoKey?: string | null } = {},
): Promise<{ previousLogoKey: string | null }> {
  authorize(actor, "brand", "update");
  const brand = checkedBrand(input);
  const scope = orgScope(ctx.db, actor.orgId);
  const values = { ...brand, atualizadoEm: ctx.now, atualizadoPor: actor.userId };
  const before = ctx.db.select({ logoKey: organizations.logoKey }).from(organizations).where(scope.self()).limit(1);
  const upsert = ctx.db.insert(brandStyles).values(scope.values(values)).onConflictDoUpdate({ target: brandStyles.orgId, set: values });
  if (options.logoKey === undefined) {
    await ctx.db.batch([upsert]);
    return { previousLogoKey: null };
  }
  const logo = ctx.db.update(organizations).set({ logoKey: options.logoKey, updatedAt: ctx.now }).where(scope.self());
  const [previous] = await ctx.db.batch([before, upsert, logo]);
  const old = previous[0]?.logoKey ?? null;
  return { previousLogoKey: old !== options.logoKey ? old : null };
}
