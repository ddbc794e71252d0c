import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { products, professionalServices, professionals, services } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { ServicoRow } from "../../../shared/resources/servicos.ts";
import type { FilterOption } from "../../../shared/resources/types.ts";
import { isId } from "../../../shared/id.ts";
import { authorize } from "../../auth/permissions.ts";
import { recordStatement, rowsOf } from "../../resources/records.ts";
import type { Actor, ServiceContext } from "../context.ts";

/**
 * What the service's screens read besides the record, each in one round trip: the page (the
 * service with its products' stock and cost, and the professionals who perform it) and the
 * form's choices (the organização's professionals, the categories already in use).
 */

/** Enough for any team; the form lists them as checkboxes. */
const PROFESSIONALS_MAX = 200;
/** Categories suggested while typing. */
const CATEGORIES_MAX = 100;

export interface ServiceProfessional {
  id: string;
  nome: string;
  cor: string;
  ativo: boolean;
}

export interface ServicePage {
  service: ServicoRow;
  professionals: ServiceProfessional[];
  /** The first active products by name: "Adicionar produto"'s choices before any search (and without JavaScript). */
  productChoices: { id: string; title: string }[];
}

/** Products offered before a search: the search finds the rest. */
const PRODUCT_CHOICES = 50;

export interface ServiceFormChoices {
  professionals: FilterOption[];
  categories: FilterOption[];
}

function professionalsStatement(ctx: ServiceContext, actor: Actor) {
  return ctx.db
    .select({ id: professionals.id, nome: professionals.nome, ativo: professionals.ativo })
    .from(professionals)
    .where(orgScope(ctx.db, actor.orgId).where(professionals, isNull(professionals.excluidoEm)))
    .orderBy(asc(professionals.ordem), asc(professionals.id))
    .limit(PROFESSIONALS_MAX);
}

function categoriesStatement(ctx: ServiceContext, actor: Actor) {
  return ctx.db
    .selectDistinct({ categoria: services.categoria })
    .from(services)
    .where(orgScope(ctx.db, actor.orgId).where(services, isNull(services.excluidoEm), isNotNull(services.categoria)))
    .orderBy(asc(services.categoria))
    .limit(CATEGORIES_MAX);
}

/** The service, its products (stock and cost now) and who performs it; null when not found. */
export async function servicePage(ctx: ServiceContext, actor: Actor, id: string): Promise<ServicePage | null> {
  if (!isId(id)) return null;
  const { mod, statement } = recordStatement(ctx, actor, "servicos", id);
  const team = ctx.db
    .select({ id: professionals.id, nome: professionals.nome, cor: professionals.cor, ativo: professionals.ativo })
    .from(professionalServices)
    .innerJoin(
      professionals,
      and(
        eq(professionals.orgId, professionalServices.orgId),
        eq(professionals.id, professionalServices.profissionalId),
        isNull(professionals.excluidoEm),
      ),
    )
    .where(orgScope(ctx.db, actor.orgId).where(professionalServices, eq(professionalServices.servicoId, id)))
    .orderBy(asc(professionals.ordem), asc(professionals.id))
    .limit(PROFESSIONALS_MAX);
  const choices = ctx.db
    .select({ id: products.id, nome: products.nome, sku: products.sku })
    .from(products)
    .where(orgScope(ctx.db, actor.orgId).where(products, isNull(products.excluidoEm), eq(products.ativo, true)))
    .orderBy(asc(products.ordem), asc(products.id))
    .limit(PRODUCT_CHOICES);
  const [rows, people, offered] = (await ctx.db.batch([statement, team, choices] as unknown as [BatchItem<"sqlite">])) as unknown as [
    { j: string }[],
    ServiceProfessional[],
    { id: string; nome: string; sku: string }[],
  ];
  const [service] = rowsOf(mod, rows) as unknown as ServicoRow[];
  const productChoices = offered.map((p) => ({ id: p.id, title: `${p.nome} (${p.sku})` }));
  return service ? { service, professionals: people, productChoices } : null;
}

/** The form's choices as statements, to ride in the form's own batch (one round trip with the record). */
export function serviceFormChoiceStatements(ctx: ServiceContext, actor: Actor): BatchItem<"sqlite">[] {
  authorize(actor, "servicos", "read");
  return [professionalsStatement(ctx, actor), categoriesStatement(ctx, actor)] as unknown as BatchItem<"sqlite">[];
}

/** The choices from the results of `serviceFormChoiceStatements`: professionals (inactive ones marked) and the categories in use. */
export function serviceFormChoicesOf(results: readonly unknown[]): ServiceFormChoices {
  const [people, categories] = results as [{ id: string; nome: string; ativo: boolean }[], { categoria: string | null }[]];
  return {
    professionals: people.map((p) => ({ value: p.id, label: p.ativo ? p.nome : `${p.nome} (inativo)` })),
    categories: categories.flatMap((c) => (c.categoria ? [{ value: c.categoria, label: c.categoria }] : [])),
  };
}
