import { properties } from "../../db/schema/index.ts";
import type { PropertyStatus } from "../../shared/enums.ts";
import type { Harness } from "./harness.ts";

/**
 * A property row written straight to the table (the Imóveis resource is another engineer's): the
 * photo, public page and lead tests need only a live property of an organization.
 */
export async function insertProperty(
  h: Harness,
  orgId: string,
  values: Partial<typeof properties.$inferInsert> & { status?: PropertyStatus } = {},
): Promise<{ id: string; slug: string }> {
  const id = crypto.randomUUID();
  const slug = values.slug ?? `apartamento-teste-${id.slice(0, 8)}`;
  const now = new Date();
  await h.fresh.db.insert(properties).values({
    id,
    orgId,
    codigo: `AP${id.slice(0, 6)}`,
    slug,
    ordem: "apartamento teste",
    titulo: "Apartamento teste",
    status: "disponivel",
    criadoEm: now,
    atualizadoEm: now,
    ...values,
  });
  return { id, slug };
}
