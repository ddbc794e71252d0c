import { count } from "drizzle-orm";
import { hashPassword } from "../../worker/auth/password.ts";
import type { Database } from "../client.ts";
import { memberships, organizations, users } from "../schema/index.ts";
import type { Role } from "../schema/organizations.ts";

export const DEMO_LOGIN = { email: "demo@alicerce.app", password: "alicerce123" } as const;

interface DemoPerson {
  name: string;
  email: string;
  role: Role;
}

/** The organization's people: the owner logs in with DEMO_LOGIN; the others share its password. */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { name: "Ana Souza", email: DEMO_LOGIN.email, role: "owner" },
  { name: "Carlos Henrique Almeida", email: "carlos.almeida@alicerce.app", role: "admin" },
  { name: "Juliana Ferreira Lima", email: "juliana.lima@alicerce.app", role: "staff" },
  { name: "Rafael Nascimento Costa", email: "rafael.costa@alicerce.app", role: "professional" },
];

export const DEMO_ORGANIZATION = {
  name: "Imobiliária Horizonte",
  segment: "imobiliaria",
  // Valid CNPJ check digits (45.723.174/0001-10); stored as digits, formatted by the UI.
  document: "45723174000110",
  creci: "J-28471",
  whatsapp: "11987654321",
  email: "contato@imobiliariahorizonte.com.br",
  cep: "05422030",
  street: "Rua dos Pinheiros",
  number: "870",
  complement: "Conjunto 42",
  district: "Pinheiros",
  city: "São Paulo",
  uf: "SP",
  description: "Imobiliária de bairro em Pinheiros: venda e locação de apartamentos e casas na Zona Oeste de São Paulo.",
} as const;

/** True when the database has no users yet (a fresh install). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Inserts the demo organization and its four members in one batch (one round trip).
 * Hashing runs once: every demo member shares the demo password.
 */
export async function seedDemo(db: Database, now = new Date()): Promise<{ orgId: string; login: typeof DEMO_LOGIN }> {
  const passwordHash = hashPassword(DEMO_LOGIN.password);
  const orgId = crypto.randomUUID();
  const people = DEMO_PEOPLE.map((p) => ({ ...p, id: crypto.randomUUID() }));
  await db.batch([
    db.insert(organizations).values({ id: orgId, ...DEMO_ORGANIZATION, createdAt: now, updatedAt: now }),
    db.insert(users).values(
      people.map((p) => ({
        id: p.id,
        name: p.name,
        email: p.email,
        passwordHash,
        emailVerifiedAt: now,
        termsAcceptedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    ),
    db.insert(memberships).values(people.map((p) => ({ orgId, userId: p.id, role: p.role, createdAt: now, updatedAt: now }))),
  ]);
  return { orgId, login: DEMO_LOGIN };
}
