import type { Role } from "./enums.ts";

/**
 * The demo organization's people (scripts/seed/demo.ts seeds them): pure data, so the database
 * page can show the demo login without loading the seed.
 */
export const DEMO_LOGIN = { email: "demo@alicerce.app", password: "alicerce123" } as const;

export interface DemoPerson {
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

/**
 * The agenda's professional who signs in (issue 21, scripts/seed/demo-agenda.ts): a member with
 * the professional role linked to her profissional record, so she gets the professionals' slim
 * layout (her agenda and service desk). Same password. The corretor above stays unlinked.
 */
export const DEMO_PROFESSIONAL: DemoPerson = { name: "Juliana Alves Pimentel", email: "juliana.alves@alicerce.app", role: "professional" };

/** Every demo login (all with DEMO_LOGIN's password). */
export const DEMO_ACCOUNTS: readonly DemoPerson[] = [...DEMO_PEOPLE, DEMO_PROFESSIONAL];
