import type { Role } from "../../shared/enums.ts";
import { ROLES } from "../../shared/enums.ts";
import type { Database } from "../../db/client.ts";
import { addProfessional, addService, setHours } from "./agenda/agenda-fixtures.ts";
import { products } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import { defaultAccountsStatement } from "../../worker/services/finance/default-accounts.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";

/**
 * What a resource needs in an organização before its module's `example()` can be saved, besides
 * the records its relations point at (the generic harnesses — role matrix, bad input, OpenAPI, and
 * their e2e twins — create every resource from its example). Written straight to the database
 * (the api harness's or the e2e one): the screens that make these are not the door under test.
 * Keyed by registry name.
 */
export interface Prerequisites {
  /** Ids the example points at, by API segment (`related(api)`). */
  related: Record<string, string>;
  /** Per member, the record that makes a row theirs (an `ownerLink`'s target), when the resource has one. */
  linked?: Partial<Record<Role, string>>;
}

type Prepare = (db: Database, orgId: string, members: Partial<Record<Role, string>>) => Promise<Prerequisites>;

const PREPARE: Record<string, Prepare> = {
  /**
   * Vendas: the accounts a sale's payments land in (registration creates them; an organização
   * written straight to the database has none). Kinds already there are kept.
   */
  vendas: async (db, orgId) => {
    await defaultAccountsStatement(db, orgId, new Date()).onConflictDoNothing();
    return { related: {} };
  },
  /**
   * Agendamentos: hours open round the clock (any example time fits the rules), one service, and
   * one profissional per member, linked to them (their own agenda); the owner's is the default.
   */
  agendamentos: async (db, orgId, members) => {
    const always = Array.from({ length: 7 }, () => [{ start: "00:00", end: "24:00" }]);
    await setHours(db, orgId, always, false);
    const service = await addService(db, orgId, "Corte", 30);
    const linked: Partial<Record<Role, string>> = {};
    for (const role of ROLES) {
      const extra = members[role] ? { usuarioId: members[role] } : {};
      linked[role] = await addProfessional(db, orgId, `Profissional ${role}`, always, [service], extra);
    }
    return { related: { profissionais: linked.owner as string, servicos: service }, linked };
  },
  /**
   * Pedidos: a product its example's first item names (items are not a relation of the header),
   * written as Produtos' module writes it (search keys included: an import finds it by SKU).
   */
  pedidos: async (db, orgId) => {
    const mod = moduleOf("produtos");
    const input = mod.definition.schema.parse({
      sku: `BOLO-${crypto.randomUUID().slice(0, 6)}`,
      nome: "Bolo de cenoura",
      unidade: "un",
      precoCentavos: 4500,
    });
    const values = insertValues(mod, orgScope(db, orgId), input as Record<string, unknown>, null, new Date());
    await db.insert(products).values(values as never);
    return { related: { produtos: values.id as string } };
  },
};

/** The resource's prerequisites in `orgId` (members: user ids by role, for linked records), or null when it needs none. */
export async function prepareResource(
  db: Database,
  name: string,
  orgId: string,
  members: Partial<Record<Role, string>> = {},
): Promise<Prerequisites | null> {
  const prepare = PREPARE[name];
  return prepare ? prepare(db, orgId, members) : null;
}
